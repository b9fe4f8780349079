//go:build before1.36

package main

import (
	admissionregistrationv1 "k8s.io/api/admissionregistration/v1"
	"k8s.io/apiserver/pkg/admission"
	"k8s.io/apiserver/pkg/admission/plugin/policy/validating"
	"k8s.io/apiserver/pkg/admission/plugin/webhook/matchconditions"
)

// validatingPolicyHandler is the admission.Handler of the ValidatingAdmissionPolicy plugin:
// the operations it handles.
func validatingPolicyHandler() (*admission.Handler, error) {
	return validating.NewPlugin(nil).Handler, nil
}

// newValidator is validating.NewValidator.
func newValidator(validations, messages, auditAnnotations *recordingFilter, conditions matchconditions.Matcher, failurePolicy *admissionregistrationv1.FailurePolicyType) validating.Validator {
	return validating.NewValidator(validations, conditions, auditAnnotations, messages, failurePolicy)
}
