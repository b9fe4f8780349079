package main

// The params of a policy hook, as policy/generic/policy_source.go ensureParamsForPolicyLocked
// gives them (the oracle is the policy source): the paramKind's REST mapping decides its scope,
// or the hook's ConfigurationError when the RESTMapper does not know it; the param informer is
// the kind's informer, always synced, over the message's objects (the kit's kube.Params).
// policy/generic CollectParams, called by the real dispatchers, finds the params from these.

import (
	"fmt"
	"sort"

	admissionregistrationv1 "k8s.io/api/admissionregistration/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/tools/cache"

	"github.com/matchconform/matchconform/kits/go/kube"
)

// paramHook is what a PolicyHook carries about params.
type paramHook struct {
	informer           informers.GenericInformer // nil: no paramKind, or a configuration error
	scope              meta.RESTScope
	configurationError error
}

// paramHookFor is ensureParamsForPolicyLocked for the policy's paramKind (nil: none). skip says
// why the oracle does not decide: a paramKind of a built-in group other than v1 ConfigMap, whose
// objects a case cannot state (docs/case-format.md, "Params").
func paramHookFor(kind *admissionregistrationv1.ParamKind, params *kube.Params) (hook paramHook, skip string, err error) {
	if kind == nil {
		return paramHook{}, "", nil
	}
	gv, err := schema.ParseGroupVersion(kind.APIVersion)
	if err != nil {
		// policy_source.go drops the policy ("failed to parse paramKind APIVersion"); validation
		// refuses such an apiVersion first.
		return paramHook{}, "", fmt.Errorf("failed to parse paramKind APIVersion: %w", err)
	}
	gvk := gv.WithKind(kind.Kind)
	if kube.BuiltinGroup(gvk.Group) && gvk != kube.ConfigMapKind {
		return paramHook{}, fmt.Sprintf("a paramKind of a built-in group other than v1 ConfigMap (%v): its objects cannot be stated", gvk), nil
	}
	mapping, err := params.Mapper.RESTMapping(gvk.GroupKind(), gvk.Version)
	if err != nil {
		return paramHook{configurationError: fmt.Errorf("failed to find resource referenced by paramKind: '%v'", gvk)}, "", nil
	}
	informer := paramInformer{indexer: params.Store(gvk), resource: mapping.Resource.GroupResource()}
	return paramHook{informer: informer, scope: mapping.Scope}, "", nil
}

// paramInformer is a kind's informer: always synced, its lister reading the message's objects.
type paramInformer struct {
	indexer  cache.Indexer
	resource schema.GroupResource
}

func (i paramInformer) Informer() cache.SharedIndexInformer {
	return syncedInformer{indexer: i.indexer}
}

func (i paramInformer) Lister() cache.GenericLister {
	return cache.NewGenericLister(i.indexer, i.resource)
}

// paramName names a param as answers do: <namespace>/<name>, or <name> for a cluster-scoped
// kind; false for no param object. A validating policy's typed param comes wrapped
// (validating/dispatcher.go wrappedParam), which only its unstructured form opens.
func paramName(p runtime.Object) (string, bool) {
	if p == nil {
		return "", false
	}
	var name, namespace string
	if a, err := meta.Accessor(p); err == nil {
		name, namespace = a.GetName(), a.GetNamespace()
	} else if u, ok := p.(interface{ ToUnstructured() interface{} }); ok {
		m, _ := u.ToUnstructured().(map[string]interface{})
		metadata, _ := m["metadata"].(map[string]interface{})
		name, _ = metadata["name"].(string)
		namespace, _ = metadata["namespace"].(string)
	} else {
		return fmt.Sprintf("(a param of type %T)", p), true
	}
	if namespace == "" {
		return name, true
	}
	return namespace + "/" + name, true
}

// sortedParams: an answer's params are a set; sorted, the answers of a run repeat exactly.
func sortedParams(params []string) []string {
	sort.Strings(params)
	return params
}
