//go:build !before1.37

package main

import (
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/sets"
	webhookgeneric "k8s.io/apiserver/pkg/admission/plugin/webhook/generic"
	"k8s.io/client-go/informers"
)

// webhookSourceFactory adapts to generic.NewWebhook's source factory (1.37 passes the
// excluded resources, which the oracle's single-webhook source does not need: Dispatch
// itself skips them).
func webhookSourceFactory(s webhookgeneric.Source) func(informers.SharedInformerFactory, sets.Set[schema.GroupResource]) webhookgeneric.Source {
	return func(informers.SharedInformerFactory, sets.Set[schema.GroupResource]) webhookgeneric.Source { return s }
}
