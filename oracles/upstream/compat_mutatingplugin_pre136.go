//go:build before1.36 && !before1.32

package main

import (
	"k8s.io/apiserver/pkg/admission"
	"k8s.io/apiserver/pkg/admission/plugin/policy/mutating"
)

// mutatingPolicyHandler is the admission.Handler of the MutatingAdmissionPolicy plugin: the
// operations it handles.
func mutatingPolicyHandler() (*admission.Handler, error) {
	return mutating.NewPlugin(nil).Handler, nil
}
