package main

// MatchResources subjects: does the MatchResources match the request? Decided by
// k8s.io/apiserver pkg/admission/plugin/policy/matching Matcher.Matches alone.

import (
	admissionregistrationv1 "k8s.io/api/admissionregistration/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
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
	matches, resource, kind, err := env.matcher.Matches(a, o, criteria{s.matchResources})
	switch {
	case err != nil:
		return kube.Failed(err)
	case !matches:
		return protocol.NoMatch()
	default:
		return kube.Matched(resource, kind)
	}
}

// criteria is matching.MatchCriteria for a MatchResources, as policy/generic's matchCriteria
// (policy_matcher.go) is for a policy's or binding's.
type criteria struct {
	mr *admissionregistrationv1.MatchResources
}

func (c criteria) GetParsedNamespaceSelector() (labels.Selector, error) {
	return metav1.LabelSelectorAsSelector(c.mr.NamespaceSelector)
}

func (c criteria) GetParsedObjectSelector() (labels.Selector, error) {
	return metav1.LabelSelectorAsSelector(c.mr.ObjectSelector)
}

func (c criteria) GetMatchResources() admissionregistrationv1.MatchResources { return *c.mr }
