package kube

import (
	"encoding/json"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/matchconform/matchconform/kits/go/protocol"
)

func TestParamsAsInformersHoldThem(t *testing.T) {
	kinds := []protocol.CustomKind{{APIVersion: "example.com/v1", Kind: "Limits", Scope: "Cluster"}}
	objects := []json.RawMessage{
		json.RawMessage(`{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c","namespace":"prod"},"data":{"k":"v"}}`),
		json.RawMessage(`{"apiVersion":"example.com/v1","kind":"Limits","metadata":{"name":"gold"},"spec":{"max":3}}`),
	}
	p, err := NewParams(kinds, objects)
	if err != nil {
		t.Fatal(err)
	}
	got, ok, err := p.Store(ConfigMapKind).GetByKey("prod/c")
	cm, typed := got.(*corev1.ConfigMap)
	if err != nil || !ok || !typed || cm.Data["k"] != "v" || !cm.GroupVersionKind().Empty() {
		t.Errorf("ConfigMap %#v (%v, %v): want a typed ConfigMap without apiVersion and kind", got, ok, err)
	}
	limits := schema.GroupVersionKind{Group: "example.com", Version: "v1", Kind: "Limits"}
	got, ok, err = p.Store(limits).GetByKey("gold")
	u, isU := got.(*unstructured.Unstructured)
	if err != nil || !ok || !isU || u.GetKind() != "Limits" {
		t.Errorf("Limits %#v (%v, %v): want an unstructured object with its kind", got, ok, err)
	}
	m, err := p.Mapper.RESTMapping(limits.GroupKind(), "v1")
	if err != nil || m.Scope.Name() != meta.RESTScopeNameRoot {
		t.Errorf("Limits mapping %v (%v): want cluster-scoped", m, err)
	}
	if _, err := p.Mapper.RESTMapping(schema.GroupKind{Group: "example.com", Kind: "Missing"}, "v1"); !meta.IsNoMatchError(err) {
		t.Errorf("an unlisted kind: %v, want no match", err)
	}
}

func TestParamsOfAnUnservedKindAreRefused(t *testing.T) {
	_, err := NewParams(nil, []json.RawMessage{json.RawMessage(`{"apiVersion":"example.com/v1","kind":"Limits","metadata":{"name":"gold"}}`)})
	if err == nil || !strings.Contains(err.Error(), "cluster.params[0]") {
		t.Errorf("%v, want cluster.params[0] refused", err)
	}
}
