package main

// The policies' matchConditions, compiled as the policy plugins compile them
// (compat_conditions_*.go) and evaluated by upstream's matchconditions matcher. Webhooks need
// nothing here: webhook/generic compiles their conditions itself, in ShouldCallHook.

import (
	admissionregistrationv1 "k8s.io/api/admissionregistration/v1"
	"k8s.io/apiserver/pkg/admission/plugin/cel"
	"k8s.io/apiserver/pkg/admission/plugin/webhook/matchconditions"
)

// conditionAccessors: each condition as the expression accessor compilePolicy makes of it.
func conditionAccessors(conditions []admissionregistrationv1.MatchCondition) []cel.ExpressionAccessor {
	accessors := make([]cel.ExpressionAccessor, len(conditions))
	for i := range conditions {
		accessors[i] = (*matchconditions.MatchCondition)(&conditions[i])
	}
	return accessors
}
