package main

// The kit's fill-ins per minor against this build's own scheme and build tags.

import (
	"slices"
	"testing"

	"github.com/matchconform/matchconform/kits/go/manifest"
	"github.com/matchconform/matchconform/kits/go/protocol"
)

func TestServedSubjectsFollowTheBuildTags(t *testing.T) {
	b := builtMinor(t)
	listed := slices.Contains(manifest.ServedSubjects(b.Number), protocol.MutatingAdmissionPolicy)
	if listed != mutatingPoliciesServed {
		t.Errorf("the kit lists MutatingAdmissionPolicy at %s: %v; this build serves it: %v", b.Minor, listed, mutatingPoliciesServed)
	}
}
