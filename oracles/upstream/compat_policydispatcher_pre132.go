//go:build before1.32

package main

import (
	"k8s.io/apiserver/pkg/admission/plugin/policy/generic"
	"k8s.io/apiserver/pkg/admission/plugin/policy/matching"
	"k8s.io/apiserver/pkg/authorization/authorizer"
)

// policyDispatcherFactory adapts to generic.NewPlugin's dispatcher factory (no client before 1.32).
func policyDispatcherFactory[H any](f func(oracleAuthorizer, *matching.Matcher) generic.Dispatcher[H]) func(authorizer.Authorizer, *matching.Matcher) generic.Dispatcher[H] {
	return func(a authorizer.Authorizer, m *matching.Matcher) generic.Dispatcher[H] { return f(a, m) }
}
