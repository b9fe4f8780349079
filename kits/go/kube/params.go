package kube

import (
	"encoding/json"
	"fmt"
	"strings"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/tools/cache"

	"github.com/matchconform/matchconform/kits/go/protocol"
)

// ConfigMapKind is the one built-in kind a case states params of (docs/case-format.md, "Params").
var ConfigMapKind = schema.GroupVersionKind{Version: "v1", Kind: "ConfigMap"}

// Params serve cluster.customKinds and cluster.params as an API server holds them: a RESTMapper
// that knows v1 ConfigMap (namespaced) and the custom kinds (the scope each states), and per
// kind an indexer with the objects as that kind's informer caches them: a typed ConfigMap without
// apiVersion and kind (client-go's typed informers decode list items without them), an
// unstructured object for a custom kind (the dynamic informer keeps both). The indexers are
// keyed and namespace-indexed as informers' are. One value serves one message.
type Params struct {
	Mapper meta.RESTMapper
	stores map[schema.GroupVersionKind]cache.Indexer
}

// NewParams builds the params of a message's cluster.
func NewParams(kinds []protocol.CustomKind, objects []json.RawMessage) (*Params, error) {
	mapper := meta.NewDefaultRESTMapper(nil)
	mapper.Add(ConfigMapKind, meta.RESTScopeNamespace)
	p := &Params{Mapper: mapper, stores: map[schema.GroupVersionKind]cache.Indexer{}}
	for _, k := range kinds {
		gv, err := schema.ParseGroupVersion(k.APIVersion)
		if err != nil {
			return nil, fmt.Errorf("cluster.customKinds: %q: %w", k.APIVersion, err)
		}
		scope := meta.RESTScopeNamespace
		if k.Scope == "Cluster" {
			scope = meta.RESTScopeRoot
		} else if k.Scope != "Namespaced" {
			return nil, fmt.Errorf("cluster.customKinds: %s %s has scope %q, neither Namespaced nor Cluster", k.APIVersion, k.Kind, k.Scope)
		}
		mapper.Add(gv.WithKind(k.Kind), scope)
	}
	for i, raw := range objects {
		obj, gvk, err := paramObject(raw)
		if err != nil {
			return nil, fmt.Errorf("cluster.params[%d]: %w", i, err)
		}
		if _, err := mapper.RESTMapping(gvk.GroupKind(), gvk.Version); err != nil {
			return nil, fmt.Errorf("cluster.params[%d]: %v is not a served kind", i, gvk)
		}
		if err := p.Store(gvk).Add(obj); err != nil {
			return nil, fmt.Errorf("cluster.params[%d]: %w", i, err)
		}
	}
	return p, nil
}

// Store is the indexer of a kind's objects (empty for a kind without any).
func (p *Params) Store(gvk schema.GroupVersionKind) cache.Indexer {
	s, ok := p.stores[gvk]
	if !ok {
		s = cache.NewIndexer(cache.MetaNamespaceKeyFunc, cache.Indexers{cache.NamespaceIndex: cache.MetaNamespaceIndexFunc})
		p.stores[gvk] = s
	}
	return s
}

func paramObject(raw json.RawMessage) (runtime.Object, schema.GroupVersionKind, error) {
	u := &unstructured.Unstructured{}
	if err := u.UnmarshalJSON(raw); err != nil {
		return nil, schema.GroupVersionKind{}, err
	}
	gvk := u.GroupVersionKind()
	if gvk != ConfigMapKind {
		return u, gvk, nil
	}
	cm := &corev1.ConfigMap{}
	if err := runtime.DefaultUnstructuredConverter.FromUnstructuredWithValidation(u.Object, cm, true); err != nil {
		return nil, gvk, fmt.Errorf("a ConfigMap: %w", err)
	}
	cm.TypeMeta = metav1.TypeMeta{}
	return cm, gvk, nil
}

// BuiltinGroup says whether a group is served by the API server itself (the core group, an
// unqualified one, *.k8s.io), not through a CustomResourceDefinition.
func BuiltinGroup(group string) bool {
	return group == "" || !strings.Contains(group, ".") || strings.HasSuffix(group, ".k8s.io")
}
