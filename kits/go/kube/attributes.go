// Package kube turns a match message into the inputs of k8s.io/apiserver's admission code: the
// request's admission.Attributes, admission.ObjectInterfaces whose equivalent-resource mapper
// answers cluster.equivalentResources, a namespace lister and client over cluster.namespaces,
// and the protocol outcome of a matcher's result or error.
package kube

import (
	"bytes"
	"fmt"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	utiljson "k8s.io/apimachinery/pkg/util/json"
	"k8s.io/apiserver/pkg/admission"
	"k8s.io/apiserver/pkg/authentication/user"

	"github.com/matchconform/matchconform/kits/go/protocol"
)

// Attributes are the request's admission attributes, built with admission.NewAttributesRecord
// (with the operation's options object, as the API server passes it, and the request's user:
// protocol.DefaultUserInfo when it has none).
func Attributes(r *protocol.Request) (admission.Attributes, error) {
	var op admission.Operation
	var options runtime.Object
	switch r.Operation {
	case "CREATE":
		op, options = admission.Create, &metav1.CreateOptions{}
	case "UPDATE":
		op, options = admission.Update, &metav1.UpdateOptions{}
	case "DELETE":
		op, options = admission.Delete, &metav1.DeleteOptions{}
	case "CONNECT":
		op = admission.Connect
	default:
		return nil, fmt.Errorf("request.operation %q is not one of CREATE, UPDATE, DELETE, CONNECT", r.Operation)
	}
	object, err := Object(r.Object)
	if err != nil {
		return nil, fmt.Errorf("request.object: %w", err)
	}
	oldObject, err := Object(r.OldObject)
	if err != nil {
		return nil, fmt.Errorf("request.oldObject: %w", err)
	}
	return admission.NewAttributesRecord(
		object, oldObject, GVK(r.Kind), r.Namespace, r.Name, GVR(r.Resource),
		r.SubResource, op, options, false,
		userInfo(r.UserInfo),
	), nil
}

// userInfo is the request's user as authentication hands it to admission.
func userInfo(u *protocol.UserInfo) user.Info {
	if u == nil {
		d := protocol.DefaultUserInfo()
		u = &d
	}
	return &user.DefaultInfo{Name: u.Username, UID: u.UID, Groups: u.Groups, Extra: u.Extra}
}

// Object is a request object: null stays nil; an object with metadata is unstructured, as
// custom resources are; an object without metadata (a CONNECT options object such as
// PodExecOptions) is an ObjectWithoutMeta.
func Object(raw []byte) (runtime.Object, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
		return nil, nil
	}
	var content map[string]interface{}
	if err := utiljson.Unmarshal(raw, &content); err != nil {
		return nil, err
	}
	if content == nil {
		return nil, fmt.Errorf("not a JSON object")
	}
	if _, ok := content["metadata"].(map[string]interface{}); ok {
		return &unstructured.Unstructured{Object: content}, nil
	}
	o := &ObjectWithoutMeta{Content: content}
	apiVersion, _ := content["apiVersion"].(string)
	kind, _ := content["kind"].(string)
	o.SetGroupVersionKind(schema.FromAPIVersionAndKind(apiVersion, kind))
	return o, nil
}

// ObjectWithoutMeta is a typed object without ObjectMeta, as the API server's options objects
// (PodExecOptions, PodProxyOptions, ...) are: meta.Accessor fails on it, so it has no labels.
// An unstructured object would not do: meta.Accessor succeeds on any unstructured object, and
// an objectSelector's DoesNotExist would match it.
type ObjectWithoutMeta struct {
	metav1.TypeMeta
	Content map[string]interface{}
}

func (o *ObjectWithoutMeta) DeepCopyObject() runtime.Object {
	return &ObjectWithoutMeta{TypeMeta: o.TypeMeta, Content: runtime.DeepCopyJSON(o.Content)}
}

// GVR converts a protocol resource.
func GVR(r protocol.GVR) schema.GroupVersionResource {
	return schema.GroupVersionResource{Group: r.Group, Version: r.Version, Resource: r.Resource}
}

// GVK converts a protocol kind.
func GVK(k protocol.GVK) schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: k.Group, Version: k.Version, Kind: k.Kind}
}
