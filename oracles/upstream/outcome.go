package main

import (
	"errors"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

func matchOutcome(r schema.GroupVersionResource, k schema.GroupVersionKind) *outcome {
	return &outcome{
		Outcome:         "match",
		MatchedResource: &gvr{Group: r.Group, Version: r.Version, Resource: r.Resource},
		MatchedKind:     &gvk{Group: k.Group, Version: k.Version, Kind: k.Kind},
	}
}

// errorOutcome: the request fails with err. A StatusError carries the HTTP status the client
// gets; an error without one (only the policy matcher's own "unknown kind" error, for a
// MatchResources subject, which has no request to fail) is taken as 500.
func errorOutcome(err error) *outcome {
	var status apierrors.APIStatus
	if errors.As(err, &status) {
		s := status.Status()
		return &outcome{Outcome: "error", Code: s.Code, Message: s.Message}
	}
	return &outcome{Outcome: "error", Code: 500, Message: err.Error()}
}
