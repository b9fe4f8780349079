//go:build !before1.35

package main

import (
	admissionregistrationv1 "k8s.io/api/admissionregistration/v1"
	"k8s.io/apiserver/pkg/admission/plugin/cel"
	"k8s.io/apiserver/pkg/admission/plugin/webhook/matchconditions"
	"k8s.io/apiserver/pkg/cel/environment"
)

// compileConditions is the matchConditions part of policy/validating/plugin.go and
// policy/mutating/compilation.go compilePolicy: a composited compiler over the base
// environment of the minor (strict cost always, from 1.35), the conditions compiled with params
// declared when the policy has a paramKind and the authorizer declared, NewMatcher.
func compileConditions(conditions []admissionregistrationv1.MatchCondition, failurePolicy *admissionregistrationv1.FailurePolicyType, name string, _, hasParams bool) (matchconditions.Matcher, error) {
	compiler, err := cel.NewCompositedCompiler(environment.MustBaseEnvSet(environment.DefaultCompatibilityVersion()))
	if err != nil {
		return nil, err
	}
	opts := cel.OptionalVariableDeclarations{HasParams: hasParams, HasAuthorizer: true}
	return matchconditions.NewMatcher(compileCondition(compiler, conditionAccessors(conditions), opts), failurePolicy, "policy", "validate", name), nil
}

// validatingStrictCost: from 1.35 the policies' cost is always strict.
func validatingStrictCost() bool { return true }
