//go:build !before1.37

package main

import (
	corev1 "k8s.io/api/core/v1"
	corev1informers "k8s.io/client-go/informers/core/v1"
	"k8s.io/client-go/tools/cache"
)

// namespaceInformerInterface is what the core/v1 informer group's Namespaces returns (typed
// from 1.37).
type namespaceInformerInterface = corev1informers.TypedNamespaceInformer

func (n *namespaceInformer) TypedInformer() corev1informers.NamespaceIndexInformer {
	return cache.NewTypedSharedIndexInformer[*corev1.Namespace](n.Informer())
}
