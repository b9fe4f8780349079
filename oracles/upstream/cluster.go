package main

// The cluster a worker's plugins see: the namespaces of the current message, served through an
// informer-style lister (the upstream NamespaceLister over an indexer) and a fake clientset
// (k8s.io/client-go/kubernetes/fake), whose Get answers from its object tracker and so returns
// the API server's own NotFound for a namespace that does not exist.

import (
	"fmt"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/informers"
	coreinformers "k8s.io/client-go/informers/core"
	corev1informers "k8s.io/client-go/informers/core/v1"
	"k8s.io/client-go/kubernetes/fake"
	corev1listers "k8s.io/client-go/listers/core/v1"
	clienttesting "k8s.io/client-go/testing"
	"k8s.io/client-go/tools/cache"
)

var namespacesGVR = schema.GroupVersionResource{Version: "v1", Resource: "namespaces"}

type clusterState struct {
	indexer cache.Indexer
	client  *fake.Clientset
	stored  []string // the namespace names now in the client's tracker
	factory informers.SharedInformerFactory
}

func newClusterState() *clusterState {
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
	s := &clusterState{indexer: indexer, client: client}
	s.factory = &namespaceInformerFactory{
		SharedInformerFactory: informers.NewSharedInformerFactory(client, 0),
		namespaces:            &namespaceInformer{indexer: indexer},
	}
	return s
}

// set makes the given namespaces, and only those, exist.
func (s *clusterState) set(namespaces map[string]map[string]string) error {
	tracker := s.client.Tracker()
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
	return s.indexer.Replace(objects, "")
}

// namespaceInformerFactory is a SharedInformerFactory whose namespace informer is the
// worker's: always synced, its lister reading the current message's namespaces.
type namespaceInformerFactory struct {
	informers.SharedInformerFactory
	namespaces *namespaceInformer
}

func (f *namespaceInformerFactory) Core() coreinformers.Interface {
	return coreGroup{Interface: f.SharedInformerFactory.Core(), namespaces: f.namespaces}
}

type coreGroup struct {
	coreinformers.Interface
	namespaces *namespaceInformer
}

func (g coreGroup) V1() corev1informers.Interface {
	return coreV1{Interface: g.Interface.V1(), namespaces: g.namespaces}
}

type coreV1 struct {
	corev1informers.Interface
	namespaces *namespaceInformer
}

func (v coreV1) Namespaces() namespaceInformerInterface { return v.namespaces }

type namespaceInformer struct {
	indexer  cache.Indexer
	informer cache.SharedIndexInformer
}

func (n *namespaceInformer) Informer() cache.SharedIndexInformer {
	if n.informer == nil {
		// Never started: it only answers HasSynced and hands out the worker's indexer.
		n.informer = syncedInformer{
			SharedIndexInformer: cache.NewSharedIndexInformer(&cache.ListWatch{}, &corev1.Namespace{}, 0, cache.Indexers{}),
			indexer:             n.indexer,
		}
	}
	return n.informer
}

func (n *namespaceInformer) Lister() corev1listers.NamespaceLister {
	return corev1listers.NewNamespaceLister(n.indexer)
}

// syncedInformer reports the namespace cache as synced: the message's namespaces are complete.
type syncedInformer struct {
	cache.SharedIndexInformer
	indexer cache.Indexer
}

func (i syncedInformer) HasSynced() bool           { return true }
func (i syncedInformer) GetIndexer() cache.Indexer { return i.indexer }
func (i syncedInformer) GetStore() cache.Store     { return i.indexer }
