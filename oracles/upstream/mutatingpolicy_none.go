//go:build before1.32

package main

// Before 1.32 the API serves no MutatingAdmissionPolicy.

import (
	"context"
	"encoding/json"

	"k8s.io/apiserver/pkg/admission"

	"github.com/matchconform/matchconform/kits/go/protocol"
)

const mutatingPoliciesServed = false

type storedMutatingPolicy struct{}

func storeMutatingPolicy(json.RawMessage, json.RawMessage, int) (*stored, error) {
	return nil, errNotServed
}

type mutatingPolicyEnv struct{}

func newMutatingPolicyEnv(*clusterState, <-chan struct{}) (*mutatingPolicyEnv, error) {
	return &mutatingPolicyEnv{}, nil
}

func (*mutatingPolicyEnv) decide(context.Context, *stored, admission.Attributes, admission.ObjectInterfaces) protocol.Answer {
	return protocol.NoMatch()
}
