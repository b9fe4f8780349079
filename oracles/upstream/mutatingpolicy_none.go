//go:build before1.32

package main

// Before 1.32 the API serves no MutatingAdmissionPolicy.

import (
	"context"
	"encoding/json"

	"k8s.io/apiserver/pkg/admission"
)

const mutatingPoliciesServed = false

type storedMutatingPolicy struct{}

func storeMutatingPolicy(json.RawMessage, json.RawMessage) (*stored, error) {
	return nil, errNotServed
}

type mutatingPolicyEnv struct{}

func newMutatingPolicyEnv(*clusterState, <-chan struct{}) (*mutatingPolicyEnv, error) {
	return &mutatingPolicyEnv{}, nil
}

func (*mutatingPolicyEnv) decide(context.Context, *stored, admission.Attributes, admission.ObjectInterfaces) *outcome {
	return &outcome{Outcome: "noMatch"}
}
