package main

// A subject (section 1.1) as the API server stores it: the manifests it stands for, defaulted
// and validated, or upstream's validation message when the API server would refuse it.

import (
	"encoding/json"
	"fmt"
	"sync"

	admissionregistrationv1 "k8s.io/api/admissionregistration/v1"
	"k8s.io/kubernetes/pkg/apis/admissionregistration"
	"k8s.io/kubernetes/pkg/registry/admissionregistration/mutatingwebhookconfiguration"
	"k8s.io/kubernetes/pkg/registry/admissionregistration/validatingadmissionpolicy"
	"k8s.io/kubernetes/pkg/registry/admissionregistration/validatingadmissionpolicybinding"
	"k8s.io/kubernetes/pkg/registry/admissionregistration/validatingwebhookconfiguration"
)

const admissionV1 = "admissionregistration.k8s.io/v1"

type subjectFields struct {
	Kind           string          `json:"kind"`
	MatchResources json.RawMessage `json:"matchResources"`
	Policy         json.RawMessage `json:"policy"`
	Binding        json.RawMessage `json:"binding"`
	Webhook        json.RawMessage `json:"webhook"`
}

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
	mutatingPolicy    *storedMutatingPolicy
}

func (s *stored) invalidOutcome() *outcome {
	if s.invalid == nil {
		return nil
	}
	return &outcome{Outcome: "invalid", Message: *s.invalid}
}

// storedSubjects caches stored subjects by their JSON: a case's tests share one subject.
type storedSubjects struct {
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
	s, err := store(raw)
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

func store(raw json.RawMessage) (*stored, error) {
	var f subjectFields
	if err := json.Unmarshal(raw, &f); err != nil {
		return nil, fmt.Errorf("subject: %w", err)
	}
	switch f.Kind {
	case "MatchResources":
		return storeMatchResources(f.MatchResources)
	case "ValidatingAdmissionPolicy":
		return storeValidatingPolicy(f.Policy, f.Binding)
	case "MutatingAdmissionPolicy":
		return storeMutatingPolicy(f.Policy, f.Binding)
	case "ValidatingWebhook", "MutatingWebhook":
		return storeWebhook(f.Kind, f.Webhook)
	default:
		return nil, fmt.Errorf("subject.kind %q is not a subject kind of format v1", f.Kind)
	}
}

// errNotServed: the minor's API serves no such subject kind.
var errNotServed = fmt.Errorf("this minor serves no MutatingAdmissionPolicy")

func hasBinding(raw json.RawMessage) bool {
	return len(raw) > 0 && string(raw) != "null"
}

// webhookFills are the fields of a webhook that matching does not read and the API requires.
func webhookFills(o object) filledPaths {
	return append(filledPaths{"metadata"}, o.withFills("webhooks[0]",
		fill{"name", `"` + webhookName + `"`},
		fill{"clientConfig", `{"url":"https://` + webhookName + `/"}`},
		fill{"sideEffects", `"None"`},
		fill{"admissionReviewVersions", `["v1"]`},
	)...)
}

func storeWebhook(kind string, raw json.RawMessage) (*stored, error) {
	hook, err := parseObject(raw, "subject.webhook")
	if err != nil {
		return nil, err
	}
	if err := hook.refuse("subject.webhook", "matchConditions"); err != nil {
		return nil, err
	}
	filled := webhookFills(hook)
	webhooks := json.RawMessage("[" + string(hook.marshal()) + "]")
	s := &stored{kind: kind}
	if kind == "ValidatingWebhook" {
		c, err := create(manifest(admissionV1, "ValidatingWebhookConfiguration", configName, "webhooks", webhooks),
			&admissionregistration.ValidatingWebhookConfiguration{}, "validatingwebhookconfigurations",
			validatingwebhookconfiguration.Strategy, filled)
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
	c, err := create(manifest(admissionV1, "MutatingWebhookConfiguration", configName, "webhooks", webhooks),
		&admissionregistration.MutatingWebhookConfiguration{}, "mutatingwebhookconfigurations",
		mutatingwebhookconfiguration.Strategy, filled)
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

// validatingBindingManifest is a ValidatingAdmissionPolicyBinding of the subject's policy.
func validatingBindingManifest(b object) ([]byte, filledPaths) {
	filled := append(filledPaths{"metadata"}, b.withFills("spec",
		fill{"policyName", `"` + policyName + `"`},
		fill{"validationActions", `["Deny"]`},
	)...)
	return manifest(admissionV1, "ValidatingAdmissionPolicyBinding", bindingName, "spec", b.marshal()), filled
}

func createValidatingBinding(b object) (created, error) {
	m, filled := validatingBindingManifest(b)
	strategy := validatingadmissionpolicybinding.NewStrategy(allowAll, policyGetter{}, nil)
	return create(m, &admissionregistration.ValidatingAdmissionPolicyBinding{}, "validatingadmissionpolicybindings", strategy, filled)
}

// storeMatchResources: a MatchResources subject is defaulted and validated as a binding's
// matchResources (section 1.1).
func storeMatchResources(raw json.RawMessage) (*stored, error) {
	mr, err := parseObject(raw, "subject.matchResources")
	if err != nil {
		return nil, err
	}
	c, err := createValidatingBinding(object{"matchResources": mr.marshal()})
	if err != nil {
		return nil, err
	}
	s := &stored{kind: "MatchResources"}
	if msg, bad := invalidMessage(c.errs); bad {
		s.invalid = &msg
		return s, nil
	}
	s.matchResources = c.versioned.(*admissionregistrationv1.ValidatingAdmissionPolicyBinding).Spec.MatchResources
	return s, nil
}

func storeValidatingPolicy(rawPolicy, rawBinding json.RawMessage) (*stored, error) {
	p, err := parseObject(rawPolicy, "subject.policy")
	if err != nil {
		return nil, err
	}
	if err := p.refuse("subject.policy", "matchConditions", "paramKind"); err != nil {
		return nil, err
	}
	filled := append(filledPaths{"metadata"}, p.withFills("spec", fill{"validations", `[{"expression":"true"}]`})...)
	policy, err := create(manifest(admissionV1, "ValidatingAdmissionPolicy", policyName, "spec", p.marshal()),
		&admissionregistration.ValidatingAdmissionPolicy{}, "validatingadmissionpolicies",
		validatingadmissionpolicy.NewStrategy(allowAll, nil), filled)
	if err != nil {
		return nil, err
	}
	s := &stored{kind: "ValidatingAdmissionPolicy", validatingPolicy: nil}
	var binding created
	if hasBinding(rawBinding) {
		b, err := parseObject(rawBinding, "subject.binding")
		if err != nil {
			return nil, err
		}
		if err := b.refuse("subject.binding", "paramRef"); err != nil {
			return nil, err
		}
		if binding, err = createValidatingBinding(b); err != nil {
			return nil, err
		}
	}
	if msg, bad := invalidMessage(policy.errs, binding.errs); bad {
		s.invalid = &msg
		return s, nil
	}
	s.validatingPolicy = policy.versioned.(*admissionregistrationv1.ValidatingAdmissionPolicy)
	if binding.versioned != nil {
		s.validatingBinding = binding.versioned.(*admissionregistrationv1.ValidatingAdmissionPolicyBinding)
	}
	return s, nil
}
