package main

// Plugin initialization as kube-apiserver's admission initializers do it: every Wants*
// interface a plugin implements is served, then the plugin validates its initialization.

import (
	"fmt"

	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apiserver/pkg/admission"
	"k8s.io/apiserver/pkg/authorization/authorizer"
	"k8s.io/apiserver/pkg/authorization/authorizerfactory"
	utilfeature "k8s.io/apiserver/pkg/util/feature"
	"k8s.io/client-go/dynamic"
	dynamicfake "k8s.io/client-go/dynamic/fake"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"
	"k8s.io/component-base/featuregate"
	"k8s.io/kubernetes/pkg/kubeapiserver/admission/exclusion"
)

func initialize(plugin interface{}, c *clusterState, stop <-chan struct{}) error {
	if p, ok := plugin.(interface{ SetExternalKubeClientSet(kubernetes.Interface) }); ok {
		p.SetExternalKubeClientSet(c.client)
	}
	if p, ok := plugin.(interface {
		SetExternalKubeInformerFactory(informers.SharedInformerFactory)
	}); ok {
		p.SetExternalKubeInformerFactory(c.factory)
	}
	allow := authorizerfactory.NewAlwaysAllowAuthorizer()
	if p, ok := plugin.(interface{ SetAuthorizer(authorizer.Authorizer) }); ok {
		p.SetAuthorizer(allow)
	}
	if p, ok := plugin.(interface{ SetUnconditionalAuthorizer(oracleAuthorizer) }); ok {
		p.SetUnconditionalAuthorizer(allow)
	}
	if p, ok := plugin.(interface{ SetRESTMapper(meta.RESTMapper) }); ok {
		p.SetRESTMapper(meta.NewDefaultRESTMapper(nil))
	}
	if p, ok := plugin.(interface{ SetDynamicClient(dynamic.Interface) }); ok {
		p.SetDynamicClient(dynamicfake.NewSimpleDynamicClient(runtime.NewScheme()))
	}
	if p, ok := plugin.(interface{ SetDrainedNotification(<-chan struct{}) }); ok {
		p.SetDrainedNotification(stop)
	}
	// pkg/controlplane/apiserver/admission: the resources admission plugins must not intercept.
	if p, ok := plugin.(interface {
		SetExcludedAdmissionResources([]schema.GroupResource)
	}); ok {
		p.SetExcludedAdmissionResources(exclusion.Excluded())
	}
	if p, ok := plugin.(interface{ InspectFeatureGates(featuregate.FeatureGate) }); ok {
		p.InspectFeatureGates(utilfeature.DefaultFeatureGate)
	}
	if p, ok := plugin.(admission.InitializationValidator); ok {
		if err := p.ValidateInitialization(); err != nil {
			return fmt.Errorf("initializing %T: %w", plugin, err)
		}
	}
	return nil
}
