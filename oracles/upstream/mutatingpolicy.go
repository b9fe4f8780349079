//go:build !before1.32

package main

// MutatingAdmissionPolicy subjects (from 1.32): are the policy's mutations evaluated for the
// request? The plugin's types (mutating.Policy, mutating.PolicyBinding) are those of the version
// the minor serves: v1alpha1 in 1.32-1.33, v1beta1 in 1.34-1.35, v1 from 1.36 (the kit's
// manifest.MutatingPolicyAPIVersion, which mutatingpolicy_test.go checks against the scheme).
//
// Decided by admission.NewChainHandler (the plugin handles CREATE, UPDATE and CONNECT only),
// policy/generic Plugin.Dispatch (the excluded resources), generic.NewPolicyDispatcher (policy
// match, binding match, configuration errors under failurePolicy, params) and
// policy/mutating's dispatchInvocations (the namespace lookup, the policy's matchConditions,
// compiled as compilePolicy compiles them, an evaluation error as a configuration error under
// failurePolicy), with the policy's evaluator replaced by one whose conditions record that they
// matched, and let no mutation run.

import (
	"context"
	"encoding/json"

	admissionregistrationv1 "k8s.io/api/admissionregistration/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/managedfields"
	"k8s.io/apiserver/pkg/admission"
	"k8s.io/apiserver/pkg/admission/plugin/policy/generic"
	"k8s.io/apiserver/pkg/admission/plugin/policy/matching"
	"k8s.io/apiserver/pkg/admission/plugin/policy/mutating"
	"k8s.io/apiserver/pkg/admission/plugin/webhook/matchconditions"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"
	"k8s.io/kubernetes/pkg/apis/admissionregistration"
	"k8s.io/kubernetes/pkg/registry/admissionregistration/mutatingadmissionpolicy"
	"k8s.io/kubernetes/pkg/registry/admissionregistration/mutatingadmissionpolicybinding"

	"github.com/matchconform/matchconform/kits/go/kube"
	"github.com/matchconform/matchconform/kits/go/manifest"
	"github.com/matchconform/matchconform/kits/go/protocol"
)

const mutatingPoliciesServed = true

type storedMutatingPolicy struct {
	policy     *mutating.Policy
	binding    *mutating.PolicyBinding // nil: no binding
	conditions matchconditions.Matcher // nil: the policy has none
}

func (g policyGetter) GetMutatingAdmissionPolicy(_ context.Context, name string) (*admissionregistration.MutatingAdmissionPolicy, error) {
	return nil, g.notFound(name)
}

func storeMutatingPolicy(rawPolicy, rawBinding json.RawMessage, minor int) (*stored, error) {
	m, err := manifest.MutatingPolicy(rawPolicy, minor)
	if err != nil {
		return nil, err
	}
	policy, err := create(m.JSON, &admissionregistration.MutatingAdmissionPolicy{}, "mutatingadmissionpolicies",
		mutatingadmissionpolicy.NewStrategy(allowAll, noResolver), m.Filled)
	if err != nil {
		return nil, err
	}
	var binding created
	if hasBinding(rawBinding) {
		m, err := manifest.MutatingBinding(rawBinding, minor)
		if err != nil {
			return nil, err
		}
		binding, err = create(m.JSON, &admissionregistration.MutatingAdmissionPolicyBinding{}, "mutatingadmissionpolicybindings",
			mutatingadmissionpolicybinding.NewStrategy(allowAll, policyGetter{}, noResolver), m.Filled)
		if err != nil {
			return nil, err
		}
	}
	s := &stored{kind: "MutatingAdmissionPolicy"}
	if msg, bad := invalidMessage(policy.errs, binding.errs); bad {
		s.invalid = &msg
		return s, nil
	}
	s.mutatingPolicy = &storedMutatingPolicy{policy: policy.versioned.(*mutating.Policy)}
	if s.mutatingPolicy.conditions, err = compileMutatingConditions(s.mutatingPolicy.policy); err != nil {
		return nil, err
	}
	if binding.versioned != nil {
		s.mutatingPolicy.binding = binding.versioned.(*mutating.PolicyBinding)
	}
	return s, nil
}

type mutatingPolicyEnv struct {
	cluster   *clusterState
	chain     admission.MutationInterface
	source    *hookSource[mutating.PolicyHook]
	evaluator *recordingConditions
	matcher   generic.PolicyMatcher
}

// mutatingPolicyPlugin is mutating.Plugin over the oracle's hook source: Admit is
// Plugin.Dispatch, as in policy/mutating/plugin.go.
type mutatingPolicyPlugin struct {
	*generic.Plugin[mutating.PolicyHook]
}

func (p mutatingPolicyPlugin) Admit(ctx context.Context, a admission.Attributes, o admission.ObjectInterfaces) error {
	return p.Dispatch(ctx, a, o)
}

func newMutatingPolicyEnv(c *clusterState, stop <-chan struct{}) (*mutatingPolicyEnv, error) {
	handler, err := mutatingPolicyHandler()
	if err != nil {
		return nil, err
	}
	env := &mutatingPolicyEnv{cluster: c, source: &hookSource[mutating.PolicyHook]{}, evaluator: &recordingConditions{}}
	plugin := generic.NewPlugin(
		handler,
		func(informers.SharedInformerFactory, kubernetes.Interface, dynamic.Interface, meta.RESTMapper) generic.Source[mutating.PolicyHook] {
			return env.source
		},
		policyDispatcherFactory(func(a oracleAuthorizer, m *matching.Matcher) generic.Dispatcher[mutating.PolicyHook] {
			env.matcher = generic.NewPolicyMatcher(m)
			return mutating.NewDispatcher(a, m, noTypeConverters{})
		}),
	)
	plugin.SetEnabled(true)
	if err := initialize(plugin, c, stop); err != nil {
		return nil, err
	}
	env.chain = admission.NewChainHandler(mutatingPolicyPlugin{plugin})
	return env, nil
}

func (env *mutatingPolicyEnv) decide(ctx context.Context, s *stored, a admission.Attributes, o admission.ObjectInterfaces) protocol.Answer {
	env.source.hooks = nil
	if s.mutatingPolicy.binding != nil {
		policy := s.mutatingPolicy.policy.DeepCopy()
		policy.Spec.Mutations = nil // as many as the evaluator has mutators: none
		paramKind := mutating.NewMutatingAdmissionPolicyAccessor(policy).GetParamKind()
		params, skip, err := paramHookFor(paramKind, env.cluster.params)
		if skip != "" {
			return protocol.Skipped("%s", skip)
		}
		if err != nil {
			return protocol.Errored("%v", err)
		}
		env.source.hooks = []mutating.PolicyHook{{
			Policy:             policy,
			Bindings:           []*mutating.PolicyBinding{s.mutatingPolicy.binding},
			ParamInformer:      params.informer,
			ParamScope:         params.scope,
			Evaluator:          mutating.PolicyEvaluator{Matcher: env.evaluator},
			ConfigurationError: params.configurationError,
		}}
	}
	env.evaluator.reset(s.mutatingPolicy.conditions)
	err := env.chain.Admit(ctx, a, o)
	if err != nil {
		return kube.Failed(err)
	}
	if !env.evaluator.called {
		return protocol.NoMatch()
	}
	// The dispatcher hands the matched resource only to the mutations: it is the policy's
	// DefinitionMatches result, which the oracle asks for again (a pure function of the request).
	_, resource, _, err := env.matcher.DefinitionMatches(a, o, mutating.NewMutatingAdmissionPolicyAccessor(s.mutatingPolicy.policy))
	if err != nil {
		return kube.Failed(err)
	}
	answer := kube.Matched(resource, env.evaluator.kind)
	answer.Params = sortedParams(env.evaluator.params)
	return answer
}

// compileMutatingConditions compiles the policy's matchConditions as
// policy/mutating/compilation.go compilePolicy does (strict cost always), at the version the
// minor serves: its MatchCondition and FailurePolicyType are v1's, field for field.
func compileMutatingConditions(p *mutating.Policy) (matchconditions.Matcher, error) {
	if len(p.Spec.MatchConditions) == 0 {
		return nil, nil
	}
	conditions := make([]admissionregistrationv1.MatchCondition, len(p.Spec.MatchConditions))
	for i, c := range p.Spec.MatchConditions {
		conditions[i] = admissionregistrationv1.MatchCondition(c)
	}
	return compileConditions(conditions, (*admissionregistrationv1.FailurePolicyType)(p.Spec.FailurePolicy), p.Name, true, p.Spec.ParamKind != nil)
}

// recordingConditions stands in for the policy's match conditions: the compiled ones decide
// (none: the invocation matches); it records the kind the dispatcher evaluates them with and the
// param of each invocation they match (the dispatcher asks once per param), and then answers no
// match, so that no mutation runs.
type recordingConditions struct {
	conditions matchconditions.Matcher
	called     bool
	kind       schema.GroupVersionKind
	params     []string
}

func (r *recordingConditions) reset(conditions matchconditions.Matcher) {
	*r = recordingConditions{conditions: conditions}
}

func (r *recordingConditions) Match(ctx context.Context, versionedAttr *admission.VersionedAttributes, params runtime.Object, authz oracleAuthorizer) matchconditions.MatchResult {
	if r.conditions != nil {
		if result := r.conditions.Match(ctx, versionedAttr, params, authz); result.Error != nil || !result.Matches {
			return result
		}
	}
	if !r.called {
		r.called = true
		r.kind = versionedAttr.VersionedKind
	}
	if name, ok := paramName(params); ok {
		r.params = append(r.params, name)
	}
	return matchconditions.MatchResult{Matches: false}
}

// noTypeConverters: no mutation runs, so the dispatcher needs no type converter.
type noTypeConverters struct{}

func (noTypeConverters) GetTypeConverter(schema.GroupVersionKind) managedfields.TypeConverter {
	return nil
}
func (noTypeConverters) Run(ctx context.Context) { <-ctx.Done() }
