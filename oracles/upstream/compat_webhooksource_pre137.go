//go:build before1.37

package main

import (
	webhookgeneric "k8s.io/apiserver/pkg/admission/plugin/webhook/generic"
	"k8s.io/client-go/informers"
)

// webhookSourceFactory adapts to generic.NewWebhook's source factory.
func webhookSourceFactory(s webhookgeneric.Source) func(informers.SharedInformerFactory) webhookgeneric.Source {
	return func(informers.SharedInformerFactory) webhookgeneric.Source { return s }
}
