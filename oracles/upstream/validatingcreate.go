package main

// What validating admission sees of a create. The create handler (endpoints/handlers/create.go)
// runs mutating admission with the request's attributes, then hands the object to the registry,
// which generates metadata.name from generateName and runs BeforeCreate (for a Namespace, the
// namespace strategy's Canonicalize sets kubernetes.io/metadata.name), and only then calls
// validating admission through rest.AdmissionToValidateObjectFunc, which takes the name from the
// object when the request had none ("in case the generated name is populated").

import (
	"context"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apiserver/pkg/admission"
	"k8s.io/apiserver/pkg/registry/rest"
	"k8s.io/apiserver/pkg/storage/names"
)

const metadataNameLabel = "kubernetes.io/metadata.name"

// validatingChain is an admission chain that validates (admission.NewChainHandler's result).
type validatingChain interface {
	admission.Interface
	admission.ValidationInterface
}

// validatingAdmission runs a validating chain for the request as the API server does.
func validatingAdmission(ctx context.Context, chain validatingChain, a admission.Attributes, o admission.ObjectInterfaces) error {
	if a.GetOperation() != admission.Create || a.GetObject() == nil {
		return chain.Validate(ctx, a, o)
	}
	return rest.AdmissionToValidateObjectFunc(chain, a, o)(ctx, storedForCreate(a))
}

// storedForCreate is the object as the registry hands it to validating admission: for a
// generateName create of a main resource, named by names.SimpleNameGenerator (genericregistry
// Store.create) and, for a core/v1 Namespace, labelled with that name (Canonicalize).
func storedForCreate(a admission.Attributes) runtime.Object {
	obj := a.GetObject().DeepCopyObject()
	u, ok := obj.(*unstructured.Unstructured)
	if !ok || a.GetSubresource() != "" || u.GetGenerateName() == "" || u.GetName() != "" {
		return obj
	}
	u.SetName(names.SimpleNameGenerator.GenerateName(u.GetGenerateName()))
	if r := a.GetResource(); r.Group == "" && r.Version == "v1" && r.Resource == "namespaces" {
		labels := u.GetLabels()
		if labels == nil {
			labels = map[string]string{}
		}
		labels[metadataNameLabel] = u.GetName()
		u.SetLabels(labels)
	}
	return obj
}
