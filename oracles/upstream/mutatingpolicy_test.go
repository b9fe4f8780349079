//go:build !before1.32

package main

import (
	"testing"

	"k8s.io/apiserver/pkg/admission/plugin/policy/mutating"
	"k8s.io/kubernetes/pkg/api/legacyscheme"

	"github.com/matchconform/matchconform/kits/go/manifest"
)

// mutatingPolicyAPIVersion is the API version of the plugin's policy type, as the scheme has it.
func mutatingPolicyAPIVersion() (string, error) {
	kinds, _, err := legacyscheme.Scheme.ObjectKinds(&mutating.Policy{})
	if err != nil {
		return "", err
	}
	return kinds[0].GroupVersion().String(), nil
}

func TestMutatingPolicyVersionIsTheSchemes(t *testing.T) {
	b := builtMinor(t)
	fromScheme, err := mutatingPolicyAPIVersion()
	if err != nil {
		t.Fatal(err)
	}
	if fromKit, _ := manifest.MutatingPolicyAPIVersion(b.Number); fromKit != fromScheme {
		t.Errorf("the kit builds MutatingAdmissionPolicy manifests at %s for %s, the scheme serves %s", fromKit, b.Minor, fromScheme)
	}
}
