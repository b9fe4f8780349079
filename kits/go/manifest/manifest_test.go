package manifest

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestWebhookFillsKeepWhatIsWritten(t *testing.T) {
	m, err := WebhookConfiguration("ValidatingWebhook", json.RawMessage(`{"sideEffects":"NoneOnDryRun","rules":[]}`))
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		APIVersion string                       `json:"apiVersion"`
		Kind       string                       `json:"kind"`
		Metadata   map[string]string            `json:"metadata"`
		Webhooks   []map[string]json.RawMessage `json:"webhooks"`
	}
	if err := json.Unmarshal(m.JSON, &got); err != nil {
		t.Fatal(err)
	}
	if got.APIVersion != AdmissionRegistrationV1 || got.Kind != "ValidatingWebhookConfiguration" || got.Metadata["name"] != ConfigName {
		t.Errorf("manifest %s", m.JSON)
	}
	hook := got.Webhooks[0]
	if string(hook["sideEffects"]) != `"NoneOnDryRun"` || string(hook["name"]) != `"w.example.com"` || string(hook["rules"]) != `[]` {
		t.Errorf("webhook %s", m.JSON)
	}
	if want := "metadata, webhooks[0].admissionReviewVersions, webhooks[0].clientConfig, webhooks[0].name"; m.Filled.String() != want {
		t.Errorf("filled %s, want %s", m.Filled, want)
	}
}

func TestParamKindAndParamRefAreKept(t *testing.T) {
	kind := `{"apiVersion":"v1","kind":"ConfigMap"}`
	ref := `{"name":"p","parameterNotFoundAction":"Deny"}`
	m, err1 := MutatingPolicy(json.RawMessage(`{"paramKind":`+kind+`}`), 36)
	v, err2 := ValidatingPolicy(json.RawMessage(`{"paramKind":` + kind + `}`))
	b, err3 := MutatingBinding(json.RawMessage(`{"paramRef":`+ref+`}`), 36)
	vb, err4 := ValidatingBinding(json.RawMessage(`{"paramRef":` + ref + `}`))
	for i, got := range []Manifest{m, v, b, vb} {
		if err := []error{err1, err2, err3, err4}[i]; err != nil {
			t.Fatal(err)
		}
		if want := []string{kind, kind, ref, ref}[i]; !strings.Contains(string(got.JSON), want) {
			t.Errorf("%s does not carry %s", got.JSON, want)
		}
	}
}

func TestMatchConditionsAreKept(t *testing.T) {
	conditions := `[{"name":"c","expression":"true"}]`
	w, err1 := WebhookConfiguration("ValidatingWebhook", json.RawMessage(`{"matchConditions":`+conditions+`}`))
	p, err2 := ValidatingPolicy(json.RawMessage(`{"matchConditions":` + conditions + `}`))
	m, err3 := MutatingPolicy(json.RawMessage(`{"matchConditions":`+conditions+`}`), 34)
	for i, got := range []Manifest{w, p, m} {
		if err := []error{err1, err2, err3}[i]; err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(got.JSON), `"matchConditions":`+conditions) {
			t.Errorf("manifest %s lost its matchConditions", got.JSON)
		}
	}
}

func TestMatchResourcesAreABindingsSpec(t *testing.T) {
	m, err := MatchResourcesBinding(json.RawMessage(`{"namespaceSelector":{}}`))
	if err != nil {
		t.Fatal(err)
	}
	want := `{"apiVersion":"admissionregistration.k8s.io/v1","kind":"ValidatingAdmissionPolicyBinding","metadata":{"name":"subject-binding"},` +
		`"spec":{"matchResources":{"namespaceSelector":{}},"policyName":"subject-policy","validationActions":["Deny"]}}`
	if string(m.JSON) != want {
		t.Errorf("%s\nwant %s", m.JSON, want)
	}
}

func TestMutatingPoliciesPerMinor(t *testing.T) {
	tests := []struct {
		minor    int
		version  string
		subjects int
	}{
		{30, "", 4}, {31, "", 4},
		{32, "admissionregistration.k8s.io/v1alpha1", 5}, {33, "admissionregistration.k8s.io/v1alpha1", 5},
		{34, "admissionregistration.k8s.io/v1beta1", 5}, {35, "admissionregistration.k8s.io/v1beta1", 5},
		{36, "admissionregistration.k8s.io/v1", 5}, {37, "admissionregistration.k8s.io/v1", 5},
	}
	for _, tc := range tests {
		got, served := MutatingPolicyAPIVersion(tc.minor)
		if got != tc.version || served != (tc.version != "") || len(ServedSubjects(tc.minor)) != tc.subjects {
			t.Errorf("1.%d: %q %v %v", tc.minor, got, served, ServedSubjects(tc.minor))
		}
		m, err := MutatingPolicy(json.RawMessage(`{}`), tc.minor)
		if served != (err == nil) || (served && !strings.HasPrefix(string(m.JSON), `{"apiVersion":"`+tc.version+`"`)) {
			t.Errorf("1.%d: manifest %s (%v)", tc.minor, m.JSON, err)
		}
	}
}

func TestFilledCovers(t *testing.T) {
	f := Filled{"metadata", "spec.validations"}
	for field, want := range map[string]bool{
		"metadata.name": true, "spec.validations[0].expression": true, "spec.validations": true,
		"spec.validationActions": false, "spec": false,
	} {
		if f.Covers(field) != want {
			t.Errorf("Covers(%q) = %v", field, !want)
		}
	}
}
