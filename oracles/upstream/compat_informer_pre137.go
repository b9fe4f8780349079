//go:build before1.37

package main

import corev1informers "k8s.io/client-go/informers/core/v1"

// namespaceInformerInterface is what the core/v1 informer group's Namespaces returns.
type namespaceInformerInterface = corev1informers.NamespaceInformer
