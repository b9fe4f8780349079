package main

// admission.ObjectInterfaces for a message: the equivalent-resource registry filled from
// cluster.equivalentResources, and a conversion that only rewrites apiVersion and kind.

import (
	"fmt"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// equivalentRegistry is runtime.NewEquivalentResourceRegistryWithIdentity with every group and
// resource of the list under one key (the API server keys by storage prefix, which the list
// stands for), filled with RegisterKindFor in list order for the request's subresource.
func equivalentRegistry(list []equivalentResource, subresource string) runtime.EquivalentResourceRegistry {
	family := map[schema.GroupResource]bool{}
	for _, e := range list {
		family[schema.GroupResource{Group: e.Resource.Group, Resource: e.Resource.Resource}] = true
	}
	registry := runtime.NewEquivalentResourceRegistryWithIdentity(func(gr schema.GroupResource) string {
		if family[gr] {
			return "matchconform:equivalents"
		}
		return ""
	})
	for _, e := range list {
		registry.RegisterKindFor(
			schema.GroupVersionResource{Group: e.Resource.Group, Version: e.Resource.Version, Resource: e.Resource.Resource},
			subresource,
			schema.GroupVersionKind{Group: e.Kind.Group, Version: e.Kind.Version, Kind: e.Kind.Kind},
		)
	}
	return registry
}

type objectInterfaces struct {
	mapper runtime.EquivalentResourceMapper
}

func (o objectInterfaces) GetObjectCreater() runtime.ObjectCreater     { return rewriteKind{} }
func (o objectInterfaces) GetObjectTyper() runtime.ObjectTyper         { return rewriteKind{} }
func (o objectInterfaces) GetObjectDefaulter() runtime.ObjectDefaulter { return rewriteKind{} }
func (o objectInterfaces) GetObjectConvertor() runtime.ObjectConvertor { return rewriteKind{} }
func (o objectInterfaces) GetEquivalentResourceMapper() runtime.EquivalentResourceMapper {
	return o.mapper
}

// rewriteKind converts an object to another kind by copying it and setting apiVersion and kind,
// as conversion "None" does for custom resources. Matching never reads the converted object: the
// dispatchers convert before they evaluate, and the conversion must not fail where the API
// server's typed conversion between equivalent kinds would not.
type rewriteKind struct{}

func (rewriteKind) New(kind schema.GroupVersionKind) (runtime.Object, error) {
	u := &unstructured.Unstructured{Object: map[string]interface{}{}}
	u.SetGroupVersionKind(kind)
	return u, nil
}

func (rewriteKind) ObjectKinds(obj runtime.Object) ([]schema.GroupVersionKind, bool, error) {
	return []schema.GroupVersionKind{obj.GetObjectKind().GroupVersionKind()}, false, nil
}

func (rewriteKind) Recognizes(schema.GroupVersionKind) bool { return true }

func (rewriteKind) Default(runtime.Object) {}

func (rewriteKind) Convert(in, out, _ interface{}) error {
	u, ok := out.(*unstructured.Unstructured)
	if !ok {
		return fmt.Errorf("cannot convert into %T", out)
	}
	kind := u.GroupVersionKind()
	switch src := in.(type) {
	case *unstructured.Unstructured:
		u.Object = runtime.DeepCopyJSON(src.Object)
	case *objectWithoutMeta:
		u.Object = runtime.DeepCopyJSON(src.Content)
	default:
		return fmt.Errorf("cannot convert %T", in)
	}
	if !kind.Empty() {
		u.SetGroupVersionKind(kind)
	}
	return nil
}

func (r rewriteKind) ConvertToVersion(in runtime.Object, gv runtime.GroupVersioner) (runtime.Object, error) {
	out := in.DeepCopyObject()
	if kind, ok := gv.KindForGroupVersionKinds([]schema.GroupVersionKind{in.GetObjectKind().GroupVersionKind()}); ok {
		out.GetObjectKind().SetGroupVersionKind(kind)
	}
	return out, nil
}

func (rewriteKind) ConvertFieldLabel(_ schema.GroupVersionKind, label, value string) (string, string, error) {
	return label, value, nil
}
