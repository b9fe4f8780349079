package main

// A worker decides match messages one at a time with its own plugins and cluster state.

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime/debug"
)

type worker struct {
	built            builtAgainst
	subjects         *storedSubjects
	cluster          *clusterState
	matchResources   *matchResourcesEnv
	validatingPolicy *validatingPolicyEnv
	mutatingPolicy   *mutatingPolicyEnv
	webhooks         *webhookEnv
}

func newWorker(built builtAgainst, subjects *storedSubjects, stop <-chan struct{}) (*worker, error) {
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

func errored(seq int64, format string, args ...interface{}) answer {
	return answer{Seq: seq, Errored: &problem{Message: fmt.Sprintf(format, args...)}}
}

func (w *worker) answer(msg *incoming) (a answer) {
	seq := *msg.Seq
	defer func() {
		if r := recover(); r != nil {
			a = answer{Seq: seq, Errored: &problem{Message: fmt.Sprintf("panic: %v", r), Detail: string(debug.Stack())}}
		}
	}()
	if msg.KubernetesVersion != w.built.minor {
		return errored(seq, "this oracle is built against Kubernetes %s and answers for %s only, not %q",
			w.built.version, w.built.minor, msg.KubernetesVersion)
	}
	s, err := w.subjects.get(msg.Subject)
	if err == errNotServed {
		return answer{Seq: seq, Skipped: &problem{Message: fmt.Sprintf("Kubernetes %s serves no MutatingAdmissionPolicy", w.built.minor)}}
	}
	if err != nil {
		return errored(seq, "%v", err)
	}
	if o := s.invalidOutcome(); o != nil {
		return answer{Seq: seq, outcome: o}
	}
	var c cluster
	if len(msg.Cluster) > 0 {
		if err := json.Unmarshal(msg.Cluster, &c); err != nil {
			return errored(seq, "cluster: %v", err)
		}
	}
	var r request
	if err := json.Unmarshal(msg.Request, &r); err != nil {
		return errored(seq, "request: %v", err)
	}
	if err := w.cluster.set(c.Namespaces); err != nil {
		return errored(seq, "%v", err)
	}
	attrs, err := toAttributes(&r)
	if err != nil {
		return errored(seq, "%v", err)
	}
	o := objectInterfaces{mapper: equivalentRegistry(c.EquivalentResources, r.SubResource)}
	ctx := context.Background()
	var out *outcome
	switch s.kind {
	case "MatchResources":
		out = w.matchResources.decide(s, attrs, o)
	case "ValidatingAdmissionPolicy":
		out = w.validatingPolicy.decide(ctx, s, attrs, o)
	case "MutatingAdmissionPolicy":
		out = w.mutatingPolicy.decide(ctx, s, attrs, o)
	default:
		out = w.webhooks.decide(ctx, s, attrs, o)
	}
	return answer{Seq: seq, outcome: out}
}
