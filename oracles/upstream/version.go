package main

// The Kubernetes release this binary was built against, read from its own build information:
// the version of the k8s.io/kubernetes module that go.<minor>.mod requires.

import (
	"fmt"
	"runtime/debug"
	"strings"
)

type builtAgainst struct {
	version string // "1.37.2"
	minor   string // "1.37"
	number  int    // 37
}

func readBuiltAgainst() (builtAgainst, error) {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return builtAgainst{}, fmt.Errorf("the binary carries no build information")
	}
	for _, dep := range info.Deps {
		if dep.Path != "k8s.io/kubernetes" {
			continue
		}
		version := strings.TrimPrefix(dep.Version, "v")
		parts := strings.SplitN(version, ".", 3)
		if len(parts) < 2 || parts[0] != "1" {
			return builtAgainst{}, fmt.Errorf("unexpected k8s.io/kubernetes version %q", dep.Version)
		}
		var n int
		if _, err := fmt.Sscanf(parts[1], "%d", &n); err != nil {
			return builtAgainst{}, fmt.Errorf("unexpected k8s.io/kubernetes version %q", dep.Version)
		}
		return builtAgainst{version: version, minor: "1." + parts[1], number: n}, nil
	}
	return builtAgainst{}, fmt.Errorf("k8s.io/kubernetes is not among the binary's dependencies")
}

// servedSubjects lists the subject kinds the minor's API serves (section 1.1): the mutating
// policy types exist from 1.32 (alpha), and their feature gate is taken as switched on.
func servedSubjects() []string {
	subjects := []string{"MatchResources", "ValidatingAdmissionPolicy"}
	if mutatingPoliciesServed {
		subjects = append(subjects, "MutatingAdmissionPolicy")
	}
	return append(subjects, "ValidatingWebhook", "MutatingWebhook")
}
