package main

// MatchResources subjects: does the MatchResources match the request? Decided by
// k8s.io/apiserver pkg/admission/plugin/policy/matching Matcher.Matches alone.

import (
	"k8s.io/apiserver/pkg/admission"
	"k8s.io/apiserver/pkg/admission/plugin/policy/matching"

	"github.com/matchconform/matchconform/kits/go/kube"
	"github.com/matchconform/matchconform/kits/go/protocol"
)

type matchResourcesEnv struct {
	matcher *matching.Matcher
}

func newMatchResourcesEnv(c *clusterState) (*matchResourcesEnv, error) {
	m := matching.NewMatcher(c.factory.Core().V1().Namespaces().Lister(), c.client)
	if err := m.ValidateInitialization(); err != nil {
		return nil, err
	}
	return &matchResourcesEnv{matcher: m}, nil
}

func (env *matchResourcesEnv) decide(s *stored, a admission.Attributes, o admission.ObjectInterfaces) protocol.Answer {
	return kube.Answer(env.matcher.Matches(a, o, kube.Criteria{MatchResources: s.matchResources}))
}
