package kube

import (
	admissionregistrationv1 "k8s.io/api/admissionregistration/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
)

// Criteria is the policy matcher's matching.MatchCriteria
// (k8s.io/apiserver pkg/admission/plugin/policy/matching) for a MatchResources, as
// policy/generic's matchCriteria is for a policy's or a binding's: selectors parsed with
// metav1.LabelSelectorAsSelector, so a nil selector matches nothing (defaulting makes it {}).
type Criteria struct {
	MatchResources *admissionregistrationv1.MatchResources
}

func (c Criteria) GetParsedNamespaceSelector() (labels.Selector, error) {
	return metav1.LabelSelectorAsSelector(c.MatchResources.NamespaceSelector)
}

func (c Criteria) GetParsedObjectSelector() (labels.Selector, error) {
	return metav1.LabelSelectorAsSelector(c.MatchResources.ObjectSelector)
}

func (c Criteria) GetMatchResources() admissionregistrationv1.MatchResources {
	return *c.MatchResources
}
