//go:build !before1.36

package main

import (
	"k8s.io/apiserver/pkg/admission"
	"k8s.io/apiserver/pkg/admission/plugin/policy/mutating"
)

// mutatingPolicyHandler is the admission.Handler of the MutatingAdmissionPolicy plugin: the
// operations it handles.
func mutatingPolicyHandler() (*admission.Handler, error) {
	p, err := mutating.NewPlugin(nil)
	if err != nil {
		return nil, err
	}
	return p.Handler, nil
}
