package kube

import (
	"fmt"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/matchconform/matchconform/kits/go/protocol"
)

// EquivalentRegistry is runtime.NewEquivalentResourceRegistryWithIdentity answering
// cluster.equivalentResources for each resource in it: every group and resource of the list is
// under one key (the API server keys by storage prefix, which the list stands for), registered
// with RegisterKindFor in list order for the request's subresource.
func EquivalentRegistry(list []protocol.EquivalentResource, subresource string) runtime.EquivalentResourceRegistry {
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
		registry.RegisterKindFor(GVR(e.Resource), subresource, GVK(e.Kind))
	}
	return registry
}

// ObjectInterfaces are the admission.ObjectInterfaces of a request: its equivalent-resource
// mapper, and a conversion that rewrites apiVersion and kind (see RewriteKind).
type ObjectInterfaces struct {
	Mapper runtime.EquivalentResourceMapper
}

// NewObjectInterfaces serves the message's equivalent resources for its request.
func NewObjectInterfaces(m *protocol.Match) ObjectInterfaces {
	return ObjectInterfaces{Mapper: EquivalentRegistry(m.Cluster.EquivalentResources, m.Request.SubResource)}
}

func (o ObjectInterfaces) GetObjectCreater() runtime.ObjectCreater     { return RewriteKind{} }
func (o ObjectInterfaces) GetObjectTyper() runtime.ObjectTyper         { return RewriteKind{} }
func (o ObjectInterfaces) GetObjectDefaulter() runtime.ObjectDefaulter { return RewriteKind{} }
func (o ObjectInterfaces) GetObjectConvertor() runtime.ObjectConvertor { return RewriteKind{} }
func (o ObjectInterfaces) GetEquivalentResourceMapper() runtime.EquivalentResourceMapper {
	return o.Mapper
}

// RewriteKind converts an object to another kind by copying it and setting apiVersion and kind,
// as conversion "None" does for custom resources. Matching never reads the converted object: the
// dispatchers convert before they evaluate, and the conversion must not fail where the API
// server's typed conversion between equivalent kinds would not.
type RewriteKind struct{}

func (RewriteKind) New(kind schema.GroupVersionKind) (runtime.Object, error) {
	u := &unstructured.Unstructured{Object: map[string]interface{}{}}
	u.SetGroupVersionKind(kind)
	return u, nil
}

func (RewriteKind) ObjectKinds(obj runtime.Object) ([]schema.GroupVersionKind, bool, error) {
	return []schema.GroupVersionKind{obj.GetObjectKind().GroupVersionKind()}, false, nil
}

func (RewriteKind) Recognizes(schema.GroupVersionKind) bool { return true }

func (RewriteKind) Default(runtime.Object) {}

func (RewriteKind) Convert(in, out, _ interface{}) error {
	u, ok := out.(*unstructured.Unstructured)
	if !ok {
		return fmt.Errorf("cannot convert into %T", out)
	}
	kind := u.GroupVersionKind()
	switch src := in.(type) {
	case *unstructured.Unstructured:
		u.Object = runtime.DeepCopyJSON(src.Object)
	case *ObjectWithoutMeta:
		u.Object = runtime.DeepCopyJSON(src.Content)
	default:
		return fmt.Errorf("cannot convert %T", in)
	}
	if !kind.Empty() {
		u.SetGroupVersionKind(kind)
	}
	return nil
}

func (RewriteKind) ConvertToVersion(in runtime.Object, gv runtime.GroupVersioner) (runtime.Object, error) {
	out := in.DeepCopyObject()
	if kind, ok := gv.KindForGroupVersionKinds([]schema.GroupVersionKind{in.GetObjectKind().GroupVersionKind()}); ok {
		out.GetObjectKind().SetGroupVersionKind(kind)
	}
	return out, nil
}

func (RewriteKind) ConvertFieldLabel(_ schema.GroupVersionKind, label, value string) (string, string, error) {
	return label, value, nil
}
