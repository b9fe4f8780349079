package kube

import (
	"errors"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/matchconform/matchconform/kits/go/protocol"
)

// Matched is the "match" answer for a matcher's resource and kind.
func Matched(r schema.GroupVersionResource, k schema.GroupVersionKind) protocol.Answer {
	return protocol.Matched(
		protocol.GVR{Group: r.Group, Version: r.Version, Resource: r.Resource},
		protocol.GVK{Group: k.Group, Version: k.Version, Kind: k.Kind},
	)
}

// Failed is the "error" answer for an error that fails the request. A StatusError carries the
// HTTP status the client gets; an error without one (such as the policy matcher's "unknown
// kind", which has no request of its own to fail) is taken as 500.
func Failed(err error) protocol.Answer {
	var status apierrors.APIStatus
	if errors.As(err, &status) {
		s := status.Status()
		return protocol.Failed(s.Code, s.Message)
	}
	return protocol.Failed(500, err.Error())
}

// Answer is the answer for what a matcher's Matches returns: an error fails the request, no match
// is noMatch, a match reports its resource and kind.
func Answer(matches bool, r schema.GroupVersionResource, k schema.GroupVersionKind, err error) protocol.Answer {
	switch {
	case err != nil:
		return Failed(err)
	case !matches:
		return protocol.NoMatch()
	default:
		return Matched(r, k)
	}
}
