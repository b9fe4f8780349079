package main

// A worker decides match messages one at a time with its own plugins and cluster state.

import (
	"context"

	"github.com/matchconform/matchconform/kits/go/kube"
	"github.com/matchconform/matchconform/kits/go/protocol"
)

type worker struct {
	built            kube.Release
	subjects         *storedSubjects
	cluster          *clusterState
	matchResources   *matchResourcesEnv
	validatingPolicy *validatingPolicyEnv
	mutatingPolicy   *mutatingPolicyEnv
	webhooks         *webhookEnv
}

func newWorker(built kube.Release, subjects *storedSubjects, stop <-chan struct{}) (*worker, error) {
	w := &worker{built: built, subjects: subjects, cluster: newClusterState()}
	var err error
	if w.matchResources, err = newMatchResourcesEnv(w.cluster); err != nil {
		return nil, err
	}
	if w.validatingPolicy, err = newValidatingPolicyEnv(w.cluster, stop); err != nil {
		return nil, err
	}
	if w.mutatingPolicy, err = newMutatingPolicyEnv(w.cluster, stop); err != nil {
		return nil, err
	}
	if w.webhooks, err = newWebhookEnv(w.cluster, stop); err != nil {
		return nil, err
	}
	return w, nil
}

func (w *worker) decide(m *protocol.Match) protocol.Answer {
	if m.KubernetesVersion != w.built.Minor {
		return protocol.Errored("this oracle is built against Kubernetes %s and answers for %s only, not %q",
			w.built.Version, w.built.Minor, m.KubernetesVersion)
	}
	s, err := w.subjects.get(m.Subject)
	if err == errNotServed {
		return protocol.Skipped("Kubernetes %s serves no MutatingAdmissionPolicy", w.built.Minor)
	}
	if err != nil {
		return protocol.Errored("%v", err)
	}
	if s.invalid != nil {
		return protocol.Invalid(*s.invalid)
	}
	if err := w.cluster.namespaces.Set(m.Cluster.Namespaces); err != nil {
		return protocol.Errored("%v", err)
	}
	if w.cluster.params, err = kube.NewParams(m.Cluster.CustomKinds, m.Cluster.Params); err != nil {
		return protocol.Errored("%v", err)
	}
	attrs, err := kube.Attributes(&m.Request)
	if err != nil {
		return protocol.Errored("%v", err)
	}
	o := kube.NewObjectInterfaces(m)
	ctx := context.Background()
	switch s.kind {
	case protocol.MatchResources:
		return w.matchResources.decide(s, attrs, o)
	case protocol.ValidatingAdmissionPolicy:
		return w.validatingPolicy.decide(ctx, s, attrs, o)
	case protocol.MutatingAdmissionPolicy:
		return w.mutatingPolicy.decide(ctx, s, attrs, o)
	default:
		return w.webhooks.decide(ctx, s, attrs, o)
	}
}
