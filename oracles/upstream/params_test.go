package main

import (
	"encoding/json"
	"strings"
	"testing"

	admissionregistrationv1 "k8s.io/api/admissionregistration/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/matchconform/matchconform/kits/go/kube"
	"github.com/matchconform/matchconform/kits/go/protocol"
)

func TestParamHooks(t *testing.T) {
	params, err := kube.NewParams(
		[]protocol.CustomKind{{APIVersion: "example.com/v1", Kind: "Limits", Scope: "Cluster"}},
		[]json.RawMessage{json.RawMessage(`{"apiVersion":"example.com/v1","kind":"Limits","metadata":{"name":"gold"}}`)},
	)
	if err != nil {
		t.Fatal(err)
	}
	hook, skip, err := paramHookFor(&admissionregistrationv1.ParamKind{APIVersion: "example.com/v1", Kind: "Limits"}, params)
	if err != nil || skip != "" || hook.configurationError != nil || hook.scope.Name() != meta.RESTScopeNameRoot {
		t.Fatalf("Limits: %+v %q %v, want a cluster-scoped informer", hook, skip, err)
	}
	if got, err := hook.informer.Lister().Get("gold"); err != nil || got == nil {
		t.Errorf("Limits gold: %v (%v)", got, err)
	}
	if !hook.informer.Informer().HasSynced() {
		t.Error("a param informer is always synced")
	}
	hook, _, _ = paramHookFor(&admissionregistrationv1.ParamKind{APIVersion: "example.com/v1", Kind: "Missing"}, params)
	want := "failed to find resource referenced by paramKind: 'example.com/v1, Kind=Missing'"
	if hook.informer != nil || hook.configurationError == nil || hook.configurationError.Error() != want {
		t.Errorf("Missing: %+v, want the configuration error %q", hook, want)
	}
	if _, skip, _ := paramHookFor(&admissionregistrationv1.ParamKind{APIVersion: "apps/v1", Kind: "Deployment"}, params); !strings.Contains(skip, "built-in") {
		t.Errorf("apps/v1 Deployment: skip %q, want a skip", skip)
	}
	if hook, skip, err := paramHookFor(nil, params); hook.informer != nil || skip != "" || err != nil {
		t.Errorf("no paramKind: %+v %q %v, want nothing", hook, skip, err)
	}
}

// unstructuredOnly stands in for validating/dispatcher.go's wrappedParam: no accessor, only its
// unstructured form names it.
type unstructuredOnly struct{ runtime.Object }

func (unstructuredOnly) ToUnstructured() interface{} {
	return map[string]interface{}{"metadata": map[string]interface{}{"name": "a", "namespace": "prod"}}
}

func (unstructuredOnly) GetObjectKind() schema.ObjectKind { return schema.EmptyObjectKind }

func TestParamNames(t *testing.T) {
	if name, ok := paramName(unstructuredOnly{}); !ok || name != "prod/a" {
		t.Errorf("a wrapped param: %q %v, want prod/a", name, ok)
	}
	if _, ok := paramName(nil); ok {
		t.Error("no param object has no name")
	}
}
