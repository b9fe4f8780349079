package kube

import (
	"fmt"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/kubernetes/fake"
	corev1listers "k8s.io/client-go/listers/core/v1"
	clienttesting "k8s.io/client-go/testing"
	"k8s.io/client-go/tools/cache"
)

var namespacesGVR = schema.GroupVersionResource{Version: "v1", Resource: "namespaces"}

// Namespaces serve cluster.namespaces the two ways admission code reads them: a lister over an
// indexer (an informer's cache, always synced) and a fake clientset (k8s.io/client-go/kubernetes/fake)
// whose tracker holds the same namespaces, so that a Get of a missing one is the API server's
// own NotFound. One value serves one message at a time: Set replaces the namespaces.
type Namespaces struct {
	Indexer cache.Indexer
	Client  *fake.Clientset
	stored  []string // the namespace names now in the client's tracker
}

// NewNamespaces holds no namespace until Set.
func NewNamespaces() *Namespaces {
	client := fake.NewSimpleClientset()
	// client-go's rest.Request.Name refuses an empty name before any request is sent; the fake
	// clientset would send it to its tracker and answer NotFound instead.
	client.PrependReactor("get", "namespaces", func(action clienttesting.Action) (bool, runtime.Object, error) {
		if action.(clienttesting.GetAction).GetName() == "" {
			return true, nil, fmt.Errorf("resource name may not be empty")
		}
		return false, nil, nil
	})
	indexer := cache.NewIndexer(cache.MetaNamespaceKeyFunc, cache.Indexers{cache.NamespaceIndex: cache.MetaNamespaceIndexFunc})
	return &Namespaces{Indexer: indexer, Client: client}
}

// Lister is the upstream NamespaceLister over the indexer.
func (s *Namespaces) Lister() corev1listers.NamespaceLister {
	return corev1listers.NewNamespaceLister(s.Indexer)
}

// Set makes the given namespaces (name to labels), and only those, exist.
func (s *Namespaces) Set(namespaces map[string]map[string]string) error {
	tracker := s.Client.Tracker()
	for _, name := range s.stored {
		if err := tracker.Delete(namespacesGVR, "", name); err != nil {
			return fmt.Errorf("resetting the fake clientset: %w", err)
		}
	}
	s.stored = s.stored[:0]
	objects := make([]interface{}, 0, len(namespaces))
	for name, labels := range namespaces {
		ns := &corev1.Namespace{
			TypeMeta:   metav1.TypeMeta{APIVersion: "v1", Kind: "Namespace"},
			ObjectMeta: metav1.ObjectMeta{Name: name, Labels: labels},
		}
		if err := tracker.Add(ns.DeepCopy()); err != nil {
			return fmt.Errorf("filling the fake clientset: %w", err)
		}
		s.stored = append(s.stored, name)
		objects = append(objects, ns)
	}
	return s.Indexer.Replace(objects, "")
}
