package main

// ValidatingAdmissionPolicy subjects: are the policy's validations evaluated for the request?
//
// Decided by admission.NewChainHandler (the operations the plugin handles), policy/generic
// Plugin.Dispatch (the excluded resources) and policy/validating's dispatcher (policy match,
// binding match, configuration errors under failurePolicy, params, the namespace lookup) and
// policy/validating's validator (the policy's matchConditions, compiled as compilePolicy
// compiles them, an evaluation error under failurePolicy), with the policy's validations
// replaced by an evaluator that records that it was called and with what.

import (
	"context"

	admissionv1 "k8s.io/api/admission/v1"
	admissionregistrationv1 "k8s.io/api/admissionregistration/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apiserver/pkg/admission"
	"k8s.io/apiserver/pkg/admission/plugin/cel"
	"k8s.io/apiserver/pkg/admission/plugin/policy/generic"
	"k8s.io/apiserver/pkg/admission/plugin/policy/matching"
	"k8s.io/apiserver/pkg/admission/plugin/policy/validating"
	"k8s.io/apiserver/pkg/admission/plugin/webhook/matchconditions"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"

	"github.com/matchconform/matchconform/kits/go/kube"
	"github.com/matchconform/matchconform/kits/go/protocol"
)

type validatingPolicyEnv struct {
	cluster   *clusterState
	chain     validatingChain
	source    *hookSource[validating.PolicyHook]
	evaluator *recordingValidator
}

// validatingPolicyPlugin is validating.Plugin over the oracle's hook source: Validate is
// Plugin.Dispatch, as in policy/validating/plugin.go.
type validatingPolicyPlugin struct {
	*generic.Plugin[validating.PolicyHook]
}

func (p validatingPolicyPlugin) Validate(ctx context.Context, a admission.Attributes, o admission.ObjectInterfaces) error {
	return p.Dispatch(ctx, a, o)
}

func newValidatingPolicyEnv(c *clusterState, stop <-chan struct{}) (*validatingPolicyEnv, error) {
	handler, err := validatingPolicyHandler()
	if err != nil {
		return nil, err
	}
	env := &validatingPolicyEnv{cluster: c, source: &hookSource[validating.PolicyHook]{}, evaluator: &recordingValidator{}}
	plugin := generic.NewPlugin(
		handler,
		func(informers.SharedInformerFactory, kubernetes.Interface, dynamic.Interface, meta.RESTMapper) generic.Source[validating.PolicyHook] {
			return env.source
		},
		policyDispatcherFactory(func(a oracleAuthorizer, m *matching.Matcher) generic.Dispatcher[validating.PolicyHook] {
			return validating.NewDispatcher(a, generic.NewPolicyMatcher(m))
		}),
	)
	plugin.SetEnabled(true)
	if err := initialize(plugin, c, stop); err != nil {
		return nil, err
	}
	env.chain = admission.NewChainHandler(validatingPolicyPlugin{plugin})
	return env, nil
}

func (env *validatingPolicyEnv) decide(ctx context.Context, s *stored, a admission.Attributes, o admission.ObjectInterfaces) protocol.Answer {
	env.source.hooks = nil
	if s.validatingBinding != nil {
		params, skip, err := paramHookFor(s.validatingPolicy.Spec.ParamKind, env.cluster.params)
		if skip != "" {
			return protocol.Skipped("%s", skip)
		}
		if err != nil {
			return protocol.Errored("%v", err)
		}
		env.source.hooks = []validating.PolicyHook{{
			Policy:             s.validatingPolicy,
			Bindings:           []*admissionregistrationv1.ValidatingAdmissionPolicyBinding{s.validatingBinding},
			ParamInformer:      params.informer,
			ParamScope:         params.scope,
			Evaluator:          env.evaluator,
			ConfigurationError: params.configurationError,
		}}
	}
	env.evaluator.reset(s.validatingConditions, s.validatingPolicy.Spec.FailurePolicy)
	err := validatingAdmission(ctx, env.chain, a, o)
	if err != nil {
		return kube.Failed(err)
	}
	if !env.evaluator.called {
		return protocol.NoMatch()
	}
	answer := kube.Matched(env.evaluator.resource, env.evaluator.kind)
	answer.Params = sortedParams(env.evaluator.params)
	return answer
}

// recordingValidator is the policy's validator (validating.NewValidator) with its conditions
// and failure policy, whose validations are a recordingFilter: it records the matched resource
// and kind the validations are evaluated with, and the params they run with (the dispatcher
// calls it once per param), and decides nothing.
type recordingValidator struct {
	conditions    matchconditions.Matcher // nil: the policy has none
	failurePolicy *admissionregistrationv1.FailurePolicyType
	validations   recordingFilter

	called   bool
	resource schema.GroupVersionResource
	kind     schema.GroupVersionKind
	params   []string // the param objects the validations ran with
}

func (r *recordingValidator) reset(conditions matchconditions.Matcher, failurePolicy *admissionregistrationv1.FailurePolicyType) {
	*r = recordingValidator{conditions: conditions, failurePolicy: failurePolicy}
}

func (r *recordingValidator) Validate(ctx context.Context, matchedResource schema.GroupVersionResource, versionedAttr *admission.VersionedAttributes, params runtime.Object, namespace *corev1.Namespace, budget int64, authz oracleAuthorizer) validating.ValidateResult {
	r.validations.called = false
	v := newValidator(&r.validations, &recordingFilter{}, &recordingFilter{}, r.conditions, r.failurePolicy)
	result := v.Validate(ctx, matchedResource, versionedAttr, params, namespace, budget, authz)
	if r.validations.called && !r.called {
		r.called = true
		r.resource = matchedResource
		r.kind = versionedAttr.VersionedKind
	}
	if name, ok := paramName(params); ok && r.validations.called {
		r.params = append(r.params, name)
	}
	return result
}

// CompileError: the stand-in compiles nothing (1.36 added the method).
func (r *recordingValidator) CompileError() error { return nil }

// recordingFilter stands in for compiled expressions (the validations, their messages, the
// audit annotations): it records that it was evaluated, and evaluates nothing.
type recordingFilter struct{ called bool }

func (f *recordingFilter) ForInput(_ context.Context, _ *admission.VersionedAttributes, _ *admissionv1.AdmissionRequest, _ cel.OptionalVariableBindings, _ *corev1.Namespace, budget int64) ([]cel.EvaluationResult, int64, error) {
	f.called = true
	return nil, budget, nil
}

func (f *recordingFilter) CompilationErrors() []error { return nil }
