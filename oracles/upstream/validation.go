package main

// Defaulting and validation as the API server applies them on create: the manifest is decoded
// into its versioned admissionregistration type, defaulted with the k8s.io/kubernetes scheme
// (pkg/apis/admissionregistration/install into legacyscheme), converted to the internal type
// and validated by the resource's own registry strategy (pkg/registry/admissionregistration/...),
// which calls pkg/apis/admissionregistration/validation.

import (
	"context"
	"fmt"
	"log"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apiserver/pkg/authentication/user"
	genericapirequest "k8s.io/apiserver/pkg/endpoints/request"
	"k8s.io/apiserver/pkg/registry/rest"
	"k8s.io/kubernetes/pkg/api/legacyscheme"
	"k8s.io/kubernetes/pkg/apis/admissionregistration"
	_ "k8s.io/kubernetes/pkg/apis/admissionregistration/install"

	"github.com/matchconform/matchconform/kits/go/manifest"
)

// admin is the user who creates the subjects' objects.
var admin = &user.DefaultInfo{Name: "system:admin", Groups: []string{user.SystemPrivilegedGroup, user.AllAuthenticated}}

// created is one object as the API server would store it, or the errors it is refused with.
type created struct {
	versioned runtime.Object // defaulted, in the served version
	errs      field.ErrorList
}

// create decodes, defaults, converts and validates a manifest. into is an empty internal object.
func create(manifest []byte, into runtime.Object, resource string, strategy rest.RESTCreateStrategy, filled manifest.Filled) (created, error) {
	obj, gvk, err := legacyscheme.Codecs.UniversalDeserializer().Decode(manifest, nil, nil)
	if err != nil {
		return created{}, fmt.Errorf("decoding the %s manifest: %w", resource, err)
	}
	legacyscheme.Scheme.Default(obj)
	if err := legacyscheme.Scheme.Convert(obj, into, nil); err != nil {
		return created{}, fmt.Errorf("converting %s to the internal version: %w", gvk, err)
	}
	ctx := createContext(gvk.GroupVersion(), resource)
	strategy.PrepareForCreate(ctx, into)
	var errs field.ErrorList
	for _, e := range validateCreate(ctx, strategy, into) {
		if filled.Covers(e.Field) {
			log.Printf("dropping a validation error on a field the oracle filled in (%s): %v", filled, e)
			continue
		}
		errs = append(errs, e)
	}
	return created{versioned: obj, errs: errs}, nil
}

// createContext is the request context of a create: the request info that declarative
// validation reads to pick the API version, the (empty) namespace, and the user: the cluster's
// admin, in system:masters, whom the policy and binding strategies let name any paramKind and
// paramRef (pkg/registry/rbac EscalationAllowed, checked in their authorize before the authorizer).
func createContext(gv schema.GroupVersion, resource string) context.Context {
	ctx := genericapirequest.WithNamespace(context.Background(), "")
	ctx = genericapirequest.WithUser(ctx, admin)
	return genericapirequest.WithRequestInfo(ctx, &genericapirequest.RequestInfo{
		IsResourceRequest: true,
		Verb:              "create",
		APIPrefix:         "apis",
		APIGroup:          gv.Group,
		APIVersion:        gv.Version,
		Resource:          resource,
		Name:              "",
	})
}

// invalidMessage is the aggregated message of the errors of all the subject's objects.
func invalidMessage(lists ...field.ErrorList) (string, bool) {
	var all field.ErrorList
	for _, l := range lists {
		all = append(all, l...)
	}
	if len(all) == 0 {
		return "", false
	}
	return all.ToAggregate().Error(), true
}

// policyGetter serves the bindings' strategies, which look the policy up only to authorize a
// paramRef (format v1 subjects have none).
type policyGetter struct{}

func (policyGetter) notFound(name string) error {
	return apierrors.NewNotFound(schema.GroupResource{Group: "admissionregistration.k8s.io", Resource: "policies"}, name)
}

func (g policyGetter) GetValidatingAdmissionPolicy(_ context.Context, name string) (*admissionregistration.ValidatingAdmissionPolicy, error) {
	return nil, g.notFound(name)
}
