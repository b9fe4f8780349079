//go:build before1.32

package main

import (
	"k8s.io/apiserver/pkg/admission/plugin/cel"
	"k8s.io/apiserver/pkg/cel/environment"
)

// compileCondition compiles conditions in the stored-expressions environment (Compile, a
// Filter, before 1.32).
func compileCondition(c *cel.CompositedCompiler, conditions []cel.ExpressionAccessor, opts cel.OptionalVariableDeclarations) cel.Filter {
	return c.Compile(conditions, opts, environment.StoredExpressions)
}
