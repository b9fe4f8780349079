//go:build !before1.32

package main

import (
	"k8s.io/apiserver/pkg/admission/plugin/cel"
	"k8s.io/apiserver/pkg/cel/environment"
)

// compileCondition compiles conditions in the stored-expressions environment (CompileCondition,
// a ConditionEvaluator, from 1.32).
func compileCondition(c *cel.CompositedCompiler, conditions []cel.ExpressionAccessor, opts cel.OptionalVariableDeclarations) cel.ConditionEvaluator {
	return c.CompileCondition(conditions, opts, environment.StoredExpressions)
}
