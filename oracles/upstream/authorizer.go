package main

import (
	"fmt"

	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apiserver/pkg/authorization/authorizerfactory"
	"k8s.io/kubernetes/pkg/registry/admissionregistration/resolver"
)

// allowAll is the authorizer given to strategies and plugins. Matching never authorizes; the
// policy and binding strategies authorize a paramKind or paramRef (their authz.go), but for the
// user who creates the objects, the admin in system:masters (validation.go), they allow it
// before asking the authorizer, as a real server lets its admin.
var allowAll oracleAuthorizer = authorizerfactory.NewAlwaysAllowAuthorizer()

// noResolver is the strategies' resource resolver (kube-apiserver's resolves kinds by
// discovery). The binding strategies refuse a nil one before anything else; for the admin none
// resolves a kind, so it is never asked.
var noResolver = resolver.ResourceResolverFunc(func(gvk schema.GroupVersionKind) (schema.GroupVersionResource, error) {
	return schema.GroupVersionResource{}, fmt.Errorf("the oracle resolves no kind (%v): only the admin creates objects", gvk)
})
