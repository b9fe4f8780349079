package main

// The cluster a worker's plugins see: the namespaces of the current message (the kit's
// kube.Namespaces: a lister over an indexer and a fake clientset), handed to the plugins through
// an informer factory whose namespace informer is always synced, and its custom kinds and param
// objects (the kit's kube.Params), which the policy hooks carry (params.go).

import (
	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/informers"
	coreinformers "k8s.io/client-go/informers/core"
	corev1informers "k8s.io/client-go/informers/core/v1"
	"k8s.io/client-go/kubernetes/fake"
	corev1listers "k8s.io/client-go/listers/core/v1"
	"k8s.io/client-go/tools/cache"

	"github.com/matchconform/matchconform/kits/go/kube"
)

type clusterState struct {
	namespaces *kube.Namespaces
	client     *fake.Clientset
	factory    informers.SharedInformerFactory
	params     *kube.Params
}

func newClusterState() *clusterState {
	ns := kube.NewNamespaces()
	return &clusterState{
		namespaces: ns,
		client:     ns.Client,
		factory: &namespaceInformerFactory{
			SharedInformerFactory: informers.NewSharedInformerFactory(ns.Client, 0),
			namespaces:            &namespaceInformer{indexer: ns.Indexer},
		},
	}
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
