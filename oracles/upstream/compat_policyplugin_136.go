//go:build !before1.36

package main

import (
	"k8s.io/apiserver/pkg/admission"
	"k8s.io/apiserver/pkg/admission/plugin/policy/validating"
)

// validatingPolicyHandler is the admission.Handler of the ValidatingAdmissionPolicy plugin:
// the operations it handles.
func validatingPolicyHandler() (*admission.Handler, error) {
	p, err := validating.NewPlugin(nil)
	if err != nil {
		return nil, err
	}
	return p.Handler, nil
}
