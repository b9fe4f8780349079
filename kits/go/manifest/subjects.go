package manifest

import (
	"encoding/json"
	"fmt"

	"github.com/matchconform/matchconform/kits/go/protocol"
)

// AdmissionRegistrationV1 is the API version of webhooks and validating policies at every minor.
const AdmissionRegistrationV1 = "admissionregistration.k8s.io/v1"

// Manifest is one object as the API server would receive it, and the paths filled in.
type Manifest struct {
	JSON   []byte
	Filled Filled
}

// The fill-ins: fields that matching does not read and the API server requires.
var (
	WebhookFills = []Fill{
		{"name", `"` + WebhookName + `"`},
		{"clientConfig", `{"url":"https://` + WebhookName + `/"}`},
		{"sideEffects", `"None"`},
		{"admissionReviewVersions", `["v1"]`},
	}
	ValidatingPolicyFills  = []Fill{{"validations", `[{"expression":"true"}]`}}
	ValidatingBindingFills = []Fill{{"policyName", `"` + PolicyName + `"`}, {"validationActions", `["Deny"]`}}
	MutatingPolicyFills    = []Fill{
		{"mutations", `[{"patchType":"ApplyConfiguration","applyConfiguration":{"expression":"Object{}"}}]`},
		{"reinvocationPolicy", `"Never"`},
	}
	MutatingBindingFills = []Fill{{"policyName", `"` + PolicyName + `"`}}
)

// MutatingPolicyAPIVersion is the version the minor serves MutatingAdmissionPolicy at:
// v1alpha1 in 1.32-1.33, v1beta1 in 1.34-1.35, v1 from 1.36; none before 1.32.
func MutatingPolicyAPIVersion(minor int) (string, bool) {
	switch {
	case minor < 32:
		return "", false
	case minor < 34:
		return "admissionregistration.k8s.io/v1alpha1", true
	case minor < 36:
		return "admissionregistration.k8s.io/v1beta1", true
	default:
		return "admissionregistration.k8s.io/v1", true
	}
}

// ServedSubjects lists the subject kinds the minor's API serves (MutatingAdmissionPolicy from
// 1.32, its feature gate taken as switched on).
func ServedSubjects(minor int) []string {
	subjects := []string{protocol.MatchResources, protocol.ValidatingAdmissionPolicy}
	if _, ok := MutatingPolicyAPIVersion(minor); ok {
		subjects = append(subjects, protocol.MutatingAdmissionPolicy)
	}
	return append(subjects, protocol.ValidatingWebhook, protocol.MutatingWebhook)
}

// WebhookConfiguration is the webhook configuration holding a ValidatingWebhook or
// MutatingWebhook subject's webhook as webhooks[0].
func WebhookConfiguration(kind string, raw json.RawMessage) (Manifest, error) {
	hook, err := Parse(raw, "subject.webhook")
	if err != nil {
		return Manifest{}, err
	}
	filled := append(Filled{"metadata"}, hook.WithFills("webhooks[0]", WebhookFills...)...)
	webhooks := json.RawMessage("[" + string(hook.Marshal()) + "]")
	return Manifest{Build(AdmissionRegistrationV1, kind+"Configuration", ConfigName, "webhooks", webhooks), filled}, nil
}

// ValidatingPolicy is a ValidatingAdmissionPolicy subject's policy.
func ValidatingPolicy(raw json.RawMessage) (Manifest, error) {
	p, err := Parse(raw, "subject.policy")
	if err != nil {
		return Manifest{}, err
	}
	filled := append(Filled{"metadata"}, p.WithFills("spec", ValidatingPolicyFills...)...)
	return Manifest{Build(AdmissionRegistrationV1, "ValidatingAdmissionPolicy", PolicyName, "spec", p.Marshal()), filled}, nil
}

// ValidatingBinding is a ValidatingAdmissionPolicy subject's binding (check HasBinding first).
func ValidatingBinding(raw json.RawMessage) (Manifest, error) {
	b, err := Parse(raw, "subject.binding")
	if err != nil {
		return Manifest{}, err
	}
	return validatingBinding(b), nil
}

// MatchResourcesBinding is the binding a MatchResources subject is defaulted and validated as:
// its spec.matchResources.
func MatchResourcesBinding(raw json.RawMessage) (Manifest, error) {
	mr, err := Parse(raw, "subject.matchResources")
	if err != nil {
		return Manifest{}, err
	}
	return validatingBinding(Object{"matchResources": mr.Marshal()}), nil
}

func validatingBinding(b Object) Manifest {
	filled := append(Filled{"metadata"}, b.WithFills("spec", ValidatingBindingFills...)...)
	return Manifest{Build(AdmissionRegistrationV1, "ValidatingAdmissionPolicyBinding", BindingName, "spec", b.Marshal()), filled}
}

// MutatingPolicy is a MutatingAdmissionPolicy subject's policy at the version the minor serves.
func MutatingPolicy(raw json.RawMessage, minor int) (Manifest, error) {
	apiVersion, ok := MutatingPolicyAPIVersion(minor)
	if !ok {
		return Manifest{}, fmt.Errorf("Kubernetes 1.%d serves no MutatingAdmissionPolicy", minor)
	}
	p, err := Parse(raw, "subject.policy")
	if err != nil {
		return Manifest{}, err
	}
	filled := append(Filled{"metadata"}, p.WithFills("spec", MutatingPolicyFills...)...)
	return Manifest{Build(apiVersion, "MutatingAdmissionPolicy", PolicyName, "spec", p.Marshal()), filled}, nil
}

// MutatingBinding is a MutatingAdmissionPolicy subject's binding (check HasBinding first).
func MutatingBinding(raw json.RawMessage, minor int) (Manifest, error) {
	apiVersion, ok := MutatingPolicyAPIVersion(minor)
	if !ok {
		return Manifest{}, fmt.Errorf("Kubernetes 1.%d serves no MutatingAdmissionPolicyBinding", minor)
	}
	b, err := Parse(raw, "subject.binding")
	if err != nil {
		return Manifest{}, err
	}
	filled := append(Filled{"metadata"}, b.WithFills("spec", MutatingBindingFills...)...)
	return Manifest{Build(apiVersion, "MutatingAdmissionPolicyBinding", BindingName, "spec", b.Marshal()), filled}, nil
}
