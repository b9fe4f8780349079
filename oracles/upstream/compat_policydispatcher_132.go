//go:build !before1.32

package main

import (
	"k8s.io/apiserver/pkg/admission/plugin/policy/generic"
	"k8s.io/apiserver/pkg/admission/plugin/policy/matching"
	"k8s.io/client-go/kubernetes"
)

// policyDispatcherFactory adapts to generic.NewPlugin's dispatcher factory (with a client from 1.32).
func policyDispatcherFactory[H any](f func(oracleAuthorizer, *matching.Matcher) generic.Dispatcher[H]) func(oracleAuthorizer, *matching.Matcher, kubernetes.Interface) generic.Dispatcher[H] {
	return func(a oracleAuthorizer, m *matching.Matcher, _ kubernetes.Interface) generic.Dispatcher[H] {
		return f(a, m)
	}
}
