package main

// A subject (section 1.1) as the API server stores it: the manifests it stands for, defaulted
// and validated, or upstream's validation message when the API server would refuse it.

import (
	"encoding/json"
	"fmt"
	"sync"

	admissionregistrationv1 "k8s.io/api/admissionregistration/v1"
	"k8s.io/apiserver/pkg/admission/plugin/webhook/matchconditions"
	"k8s.io/kubernetes/pkg/apis/admissionregistration"
	"k8s.io/kubernetes/pkg/registry/admissionregistration/mutatingwebhookconfiguration"
	"k8s.io/kubernetes/pkg/registry/admissionregistration/validatingadmissionpolicy"
	"k8s.io/kubernetes/pkg/registry/admissionregistration/validatingadmissionpolicybinding"
	"k8s.io/kubernetes/pkg/registry/admissionregistration/validatingwebhookconfiguration"

	"github.com/matchconform/matchconform/kits/go/manifest"
	"github.com/matchconform/matchconform/kits/go/protocol"
)

// stored is a subject after defaulting; invalid holds the validation message instead when the
// API server would refuse it.
type stored struct {
	kind    string
	invalid *string

	matchResources    *admissionregistrationv1.MatchResources
	validatingWebhook *admissionregistrationv1.ValidatingWebhook
	mutatingWebhook   *admissionregistrationv1.MutatingWebhook
	validatingPolicy  *admissionregistrationv1.ValidatingAdmissionPolicy
	validatingBinding *admissionregistrationv1.ValidatingAdmissionPolicyBinding // nil: no binding
	// validatingConditions: the policy's matchConditions, compiled (nil: it has none).
	validatingConditions matchconditions.Matcher
	mutatingPolicy       *storedMutatingPolicy
}

// storedSubjects caches stored subjects by their JSON: a case's tests share one subject.
type storedSubjects struct {
	minor int // the minor built against: 37 for 1.37
	mu    sync.Mutex
	cache map[string]*stored
}

const storedCacheSize = 4096

func (c *storedSubjects) get(raw json.RawMessage) (*stored, error) {
	key := string(raw)
	c.mu.Lock()
	s, ok := c.cache[key]
	c.mu.Unlock()
	if ok {
		return s, nil
	}
	s, err := store(raw, c.minor)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	if c.cache == nil || len(c.cache) >= storedCacheSize {
		c.cache = map[string]*stored{}
	}
	c.cache[key] = s
	c.mu.Unlock()
	return s, nil
}

func store(raw json.RawMessage, minor int) (*stored, error) {
	f, err := protocol.ParseSubject(raw)
	if err != nil {
		return nil, fmt.Errorf("subject: %w", err)
	}
	switch f.Kind {
	case protocol.MatchResources:
		return storeMatchResources(f.MatchResources)
	case protocol.ValidatingAdmissionPolicy:
		return storeValidatingPolicy(f.Policy, f.Binding)
	case protocol.MutatingAdmissionPolicy:
		return storeMutatingPolicy(f.Policy, f.Binding, minor)
	case protocol.ValidatingWebhook, protocol.MutatingWebhook:
		return storeWebhook(f.Kind, f.Webhook)
	default:
		return nil, fmt.Errorf("subject.kind %q is not a subject kind of format v1", f.Kind)
	}
}

// errNotServed: the minor's API serves no such subject kind.
var errNotServed = fmt.Errorf("this minor serves no MutatingAdmissionPolicy")

func hasBinding(raw json.RawMessage) bool {
	return protocol.Subject{Binding: raw}.HasBinding()
}

func storeWebhook(kind string, raw json.RawMessage) (*stored, error) {
	m, err := manifest.WebhookConfiguration(kind, raw)
	if err != nil {
		return nil, err
	}
	s := &stored{kind: kind}
	if kind == protocol.ValidatingWebhook {
		c, err := create(m.JSON, &admissionregistration.ValidatingWebhookConfiguration{}, "validatingwebhookconfigurations",
			validatingwebhookconfiguration.Strategy, m.Filled)
		if err != nil {
			return nil, err
		}
		if msg, bad := invalidMessage(c.errs); bad {
			s.invalid = &msg
			return s, nil
		}
		s.validatingWebhook = &c.versioned.(*admissionregistrationv1.ValidatingWebhookConfiguration).Webhooks[0]
		return s, nil
	}
	c, err := create(m.JSON, &admissionregistration.MutatingWebhookConfiguration{}, "mutatingwebhookconfigurations",
		mutatingwebhookconfiguration.Strategy, m.Filled)
	if err != nil {
		return nil, err
	}
	if msg, bad := invalidMessage(c.errs); bad {
		s.invalid = &msg
		return s, nil
	}
	s.mutatingWebhook = &c.versioned.(*admissionregistrationv1.MutatingWebhookConfiguration).Webhooks[0]
	return s, nil
}

func createValidatingBinding(m manifest.Manifest) (created, error) {
	strategy := validatingadmissionpolicybinding.NewStrategy(allowAll, policyGetter{}, noResolver)
	return create(m.JSON, &admissionregistration.ValidatingAdmissionPolicyBinding{}, "validatingadmissionpolicybindings", strategy, m.Filled)
}

// storeMatchResources: a MatchResources subject is defaulted and validated as a binding's
// matchResources (section 1.1).
func storeMatchResources(raw json.RawMessage) (*stored, error) {
	m, err := manifest.MatchResourcesBinding(raw)
	if err != nil {
		return nil, err
	}
	c, err := createValidatingBinding(m)
	if err != nil {
		return nil, err
	}
	s := &stored{kind: protocol.MatchResources}
	if msg, bad := invalidMessage(c.errs); bad {
		s.invalid = &msg
		return s, nil
	}
	s.matchResources = c.versioned.(*admissionregistrationv1.ValidatingAdmissionPolicyBinding).Spec.MatchResources
	return s, nil
}

func storeValidatingPolicy(rawPolicy, rawBinding json.RawMessage) (*stored, error) {
	m, err := manifest.ValidatingPolicy(rawPolicy)
	if err != nil {
		return nil, err
	}
	policy, err := create(m.JSON, &admissionregistration.ValidatingAdmissionPolicy{}, "validatingadmissionpolicies",
		validatingadmissionpolicy.NewStrategy(allowAll, noResolver), m.Filled)
	if err != nil {
		return nil, err
	}
	s := &stored{kind: protocol.ValidatingAdmissionPolicy}
	var binding created
	if hasBinding(rawBinding) {
		m, err := manifest.ValidatingBinding(rawBinding)
		if err != nil {
			return nil, err
		}
		if binding, err = createValidatingBinding(m); err != nil {
			return nil, err
		}
	}
	if msg, bad := invalidMessage(policy.errs, binding.errs); bad {
		s.invalid = &msg
		return s, nil
	}
	s.validatingPolicy = policy.versioned.(*admissionregistrationv1.ValidatingAdmissionPolicy)
	if spec := s.validatingPolicy.Spec; len(spec.MatchConditions) > 0 {
		if s.validatingConditions, err = compileConditions(spec.MatchConditions, spec.FailurePolicy, s.validatingPolicy.Name, validatingStrictCost(), spec.ParamKind != nil); err != nil {
			return nil, err
		}
	}
	if binding.versioned != nil {
		s.validatingBinding = binding.versioned.(*admissionregistrationv1.ValidatingAdmissionPolicyBinding)
	}
	return s, nil
}
