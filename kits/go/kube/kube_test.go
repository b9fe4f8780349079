package kube

import (
	"context"
	"fmt"
	"testing"

	admissionregistrationv1 "k8s.io/api/admissionregistration/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apiserver/pkg/admission"

	"github.com/matchconform/matchconform/kits/go/protocol"
)

func gvr(g, v, r string) protocol.GVR { return protocol.GVR{Group: g, Version: v, Resource: r} }
func gvk(g, v, k string) protocol.GVK { return protocol.GVK{Group: g, Version: v, Kind: k} }

func TestAttributes(t *testing.T) {
	r := protocol.Request{Operation: "UPDATE", Resource: gvr("apps", "v1", "deployments"), SubResource: "scale",
		Kind: gvk("autoscaling", "v1", "Scale"), Namespace: "prod", Name: "web",
		Object:    []byte(`{"apiVersion":"autoscaling/v1","kind":"Scale","metadata":{"labels":{"app":"web"}}}`),
		OldObject: []byte(`null`)}
	a, err := Attributes(&r)
	if err != nil {
		t.Fatal(err)
	}
	if a.GetOperation() != admission.Update || a.GetResource() != (schema.GroupVersionResource{Group: "apps", Version: "v1", Resource: "deployments"}) ||
		a.GetSubresource() != "scale" || a.GetKind().Kind != "Scale" || a.GetNamespace() != "prod" || a.GetName() != "web" {
		t.Errorf("attributes %+v", a)
	}
	if _, ok := a.GetOperationOptions().(*metav1.UpdateOptions); !ok {
		t.Errorf("UPDATE options %T, want *UpdateOptions", a.GetOperationOptions())
	}
	if a.GetOldObject() != nil {
		t.Errorf("oldObject null is %v, want nil", a.GetOldObject())
	}
	accessor, err := meta.Accessor(a.GetObject())
	if err != nil || accessor.GetLabels()["app"] != "web" {
		t.Errorf("object labels %v (%v)", accessor, err)
	}
}

func TestAttributesCarryTheUser(t *testing.T) {
	r := protocol.Request{Operation: "DELETE", Resource: gvr("", "v1", "pods"), Kind: gvk("", "v1", "Pod")}
	a, err := Attributes(&r)
	if err != nil {
		t.Fatal(err)
	}
	if u := a.GetUserInfo(); u.GetName() != "matchconform" || fmt.Sprint(u.GetGroups()) != "[system:authenticated]" {
		t.Errorf("default user %q %v, want matchconform in system:authenticated", u.GetName(), u.GetGroups())
	}
	r.UserInfo = &protocol.UserInfo{Username: "system:serviceaccount:prod:builder", UID: "uid-1",
		Groups: []string{"system:serviceaccounts"}, Extra: map[string][]string{"scopes": {"ci"}}}
	if a, err = Attributes(&r); err != nil {
		t.Fatal(err)
	}
	u := a.GetUserInfo()
	if u.GetName() != r.UserInfo.Username || u.GetUID() != "uid-1" || fmt.Sprint(u.GetGroups()) != "[system:serviceaccounts]" ||
		fmt.Sprint(u.GetExtra()) != "map[scopes:[ci]]" {
		t.Errorf("user %q %q %v %v", u.GetName(), u.GetUID(), u.GetGroups(), u.GetExtra())
	}
}

func TestAnOptionsObjectHasNoMetadata(t *testing.T) {
	a, err := Attributes(&protocol.Request{Operation: "CONNECT", Resource: gvr("", "v1", "pods"), SubResource: "exec",
		Kind: gvk("", "v1", "PodExecOptions"), Object: []byte(`{"apiVersion":"v1","kind":"PodExecOptions"}`)})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := meta.Accessor(a.GetObject()); err == nil {
		t.Errorf("meta.Accessor succeeds on an options object, so DoesNotExist selectors would match it")
	}
	if got := a.GetObject().GetObjectKind().GroupVersionKind().Kind; got != "PodExecOptions" {
		t.Errorf("kind %q", got)
	}
}

func TestAttributesRefuse(t *testing.T) {
	for _, r := range []protocol.Request{
		{Operation: "PATCH"},
		{Operation: "CREATE", Object: []byte(`[1]`)},
		{Operation: "DELETE", OldObject: []byte(`"x"`)},
	} {
		if _, err := Attributes(&r); err == nil {
			t.Errorf("%s %s %s: no error", r.Operation, r.Object, r.OldObject)
		}
	}
}

func TestEquivalentRegistryAnswersTheListInOrder(t *testing.T) {
	list := []protocol.EquivalentResource{
		{Resource: gvr("apps", "v1", "deployments"), Kind: gvk("autoscaling", "v1", "Scale")},
		{Resource: gvr("extensions", "v1beta1", "deployments"), Kind: gvk("extensions", "v1beta1", "Scale")},
	}
	registry := EquivalentRegistry(list, "scale")
	for _, asked := range list {
		got := registry.EquivalentResourcesFor(GVR(asked.Resource), "scale")
		if len(got) != 2 || got[0] != GVR(list[0].Resource) || got[1] != GVR(list[1].Resource) {
			t.Errorf("equivalents of %v: %v, want the list in order", asked.Resource, got)
		}
	}
	if got := registry.KindFor(GVR(list[1].Resource), "scale"); got != GVK(list[1].Kind) {
		t.Errorf("KindFor %v, want %v", got, list[1].Kind)
	}
	if got := registry.EquivalentResourcesFor(schema.GroupVersionResource{Version: "v1", Resource: "pods"}, ""); len(got) != 0 {
		t.Errorf("a resource outside the list has equivalents %v", got)
	}
}

func TestNamespaces(t *testing.T) {
	ns := NewNamespaces()
	if err := ns.Set(map[string]map[string]string{"old": {"env": "old"}}); err != nil {
		t.Fatal(err)
	}
	if err := ns.Set(map[string]map[string]string{"prod": {"env": "prod"}}); err != nil {
		t.Fatal(err)
	}
	if n, err := ns.Lister().Get("prod"); err != nil || n.Labels["env"] != "prod" {
		t.Errorf("lister: %v, %v", n, err)
	}
	if _, err := ns.Lister().Get("old"); !apierrors.IsNotFound(err) {
		t.Errorf("lister after Set: old namespace %v", err)
	}
	ctx := context.Background()
	_, err := ns.Client.CoreV1().Namespaces().Get(ctx, "old", metav1.GetOptions{})
	if a := Failed(err); a.Code != 404 || a.Message != `namespaces "old" not found` {
		t.Errorf("client Get of a missing namespace: %+v", a.Outcome)
	}
	_, err = ns.Client.CoreV1().Namespaces().Get(ctx, "", metav1.GetOptions{})
	if a := Failed(err); a.Code != 500 || a.Message != "resource name may not be empty" {
		t.Errorf("client Get of an empty name: %+v", a.Outcome)
	}
}

func TestFailedKeepsTheStatus(t *testing.T) {
	forbidden := apierrors.NewForbidden(schema.GroupResource{Resource: "pods"}, "web", fmt.Errorf("denied"))
	if a := Failed(fmt.Errorf("wrapped: %w", forbidden)); a.Code != 403 {
		t.Errorf("a wrapped StatusError: %+v", a.Outcome)
	}
}

func TestAnswerOfAMatchersResult(t *testing.T) {
	pods, pod := schema.GroupVersionResource{Version: "v1", Resource: "pods"}, schema.GroupVersionKind{Version: "v1", Kind: "Pod"}
	if a := Answer(true, pods, pod, nil); a.Outcome.Outcome != "match" || a.MatchedResource.Resource != "pods" || a.MatchedKind.Kind != "Pod" {
		t.Errorf("a match: %+v", a.Outcome)
	}
	if a := Answer(false, pods, pod, nil); a.Outcome.Outcome != "noMatch" {
		t.Errorf("no match: %+v", a.Outcome)
	}
	if a := Answer(true, pods, pod, fmt.Errorf("unknown kind")); a.Outcome.Outcome != "error" || a.Code != 500 {
		t.Errorf("an error beats a match: %+v", a.Outcome)
	}
}

func TestCriteriaParseSelectorsAsUpstreamDoes(t *testing.T) {
	c := Criteria{MatchResources: &admissionregistrationv1.MatchResources{ObjectSelector: &metav1.LabelSelector{}}}
	everything, err := c.GetParsedObjectSelector()
	if err != nil || !everything.Empty() {
		t.Errorf("selector {}: %v (%v), want everything", everything, err)
	}
	nothing, err := c.GetParsedNamespaceSelector()
	if err != nil || nothing.Matches(labels.Set{}) {
		t.Errorf("no selector: %v (%v), want nothing", nothing, err)
	}
}

func TestParseRelease(t *testing.T) {
	tests := []struct {
		module, version string
		want            Release
	}{
		{"k8s.io/kubernetes", "v1.37.2", Release{"1.37.2", "1.37", 37}},
		{"k8s.io/apiserver", "v0.30.14", Release{"1.30.14", "1.30", 30}},
		{"k8s.io/apiserver", "v0.34.0-rc.1", Release{"1.34.0-rc.1", "1.34", 34}},
	}
	for _, tc := range tests {
		if got, err := parseRelease(tc.module, tc.version); err != nil || got != tc.want {
			t.Errorf("%s %s: %+v (%v), want %+v", tc.module, tc.version, got, err, tc.want)
		}
	}
	if _, err := parseRelease("x", "v2.1"); err == nil {
		t.Errorf("v2.1 accepted")
	}
}
