package main

// The admission attributes of a request (section 1.2), built with admission.NewAttributesRecord.

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
)

func toAttributes(r *request) (admission.Attributes, error) {
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
	object, err := toObject(r.Object)
	if err != nil {
		return nil, fmt.Errorf("request.object: %w", err)
	}
	oldObject, err := toObject(r.OldObject)
	if err != nil {
		return nil, fmt.Errorf("request.oldObject: %w", err)
	}
	return admission.NewAttributesRecord(
		object, oldObject,
		schema.GroupVersionKind{Group: r.Kind.Group, Version: r.Kind.Version, Kind: r.Kind.Kind},
		r.Namespace, r.Name,
		schema.GroupVersionResource{Group: r.Resource.Group, Version: r.Resource.Version, Resource: r.Resource.Resource},
		r.SubResource, op, options, false,
		&user.DefaultInfo{Name: "matchconform"},
	), nil
}

// toObject: null stays nil; an object with metadata is unstructured, as custom resources are;
// an object without metadata (a CONNECT options object such as PodExecOptions) has no ObjectMeta.
func toObject(raw []byte) (runtime.Object, error) {
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
	o := &objectWithoutMeta{Content: content}
	apiVersion, _ := content["apiVersion"].(string)
	kind, _ := content["kind"].(string)
	o.SetGroupVersionKind(schema.FromAPIVersionAndKind(apiVersion, kind))
	return o, nil
}

// objectWithoutMeta is a typed object without ObjectMeta, as the API server's options objects
// (PodExecOptions, PodProxyOptions, ...) are: meta.Accessor fails on it, so it has no labels.
// An unstructured object would not do: meta.Accessor succeeds on any unstructured object.
type objectWithoutMeta struct {
	metav1.TypeMeta
	Content map[string]interface{}
}

func (o *objectWithoutMeta) DeepCopyObject() runtime.Object {
	return &objectWithoutMeta{TypeMeta: o.TypeMeta, Content: runtime.DeepCopyJSON(o.Content)}
}
