//go:build before1.35

package main

import (
	admissionregistrationv1 "k8s.io/api/admissionregistration/v1"
	"k8s.io/apiserver/pkg/admission/plugin/cel"
	"k8s.io/apiserver/pkg/admission/plugin/webhook/matchconditions"
	"k8s.io/apiserver/pkg/cel/environment"
	"k8s.io/apiserver/pkg/features"
	utilfeature "k8s.io/apiserver/pkg/util/feature"
)

// compileConditions is the matchConditions part of policy/validating/plugin.go compilePolicy
// (strict cost as StrictCostEnforcementForVAP says) and, from 1.32, of
// policy/mutating/compilation.go compilePolicy (strict cost always): a composited compiler over
// the base environment of the minor, the conditions compiled with params declared when the policy has a
// paramKind and the authorizer declared, NewMatcher.
func compileConditions(conditions []admissionregistrationv1.MatchCondition, failurePolicy *admissionregistrationv1.FailurePolicyType, name string, strictCost, hasParams bool) (matchconditions.Matcher, error) {
	compiler, err := cel.NewCompositedCompiler(environment.MustBaseEnvSet(environment.DefaultCompatibilityVersion(), strictCost))
	if err != nil {
		return nil, err
	}
	opts := cel.OptionalVariableDeclarations{HasParams: hasParams, HasAuthorizer: true, StrictCost: strictCost}
	return matchconditions.NewMatcher(compileCondition(compiler, conditionAccessors(conditions), opts), failurePolicy, "policy", "validate", name), nil
}

// validatingStrictCost: the ValidatingAdmissionPolicy plugin's StrictCostEnforcementForVAP gate.
func validatingStrictCost() bool {
	return utilfeature.DefaultFeatureGate.Enabled(features.StrictCostEnforcementForVAP)
}
