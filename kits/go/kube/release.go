package kube

import (
	"fmt"
	"runtime/debug"
	"strings"
)

// Release is the Kubernetes release of a module this binary was built with.
type Release struct {
	Version string // "1.37.2"
	Minor   string // "1.37"
	Number  int    // 37
}

// BuiltAgainst reads the release of a Kubernetes module from the binary's build information:
// k8s.io/kubernetes v1.37.2, or a staging module such as k8s.io/apiserver v0.37.2, is 1.37.2.
func BuiltAgainst(module string) (Release, error) {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return Release{}, fmt.Errorf("the binary carries no build information")
	}
	for _, dep := range info.Deps {
		if dep.Path != module {
			continue
		}
		if dep.Replace != nil && dep.Replace.Version != "" {
			dep = dep.Replace
		}
		return parseRelease(module, dep.Version)
	}
	return Release{}, fmt.Errorf("%s is not among the binary's dependencies", module)
}

func parseRelease(module, version string) (Release, error) {
	parts := strings.SplitN(strings.TrimPrefix(version, "v"), ".", 3)
	var n int
	if len(parts) < 3 || (parts[0] != "0" && parts[0] != "1") {
		return Release{}, fmt.Errorf("unexpected %s version %q", module, version)
	}
	if _, err := fmt.Sscanf(parts[1], "%d", &n); err != nil {
		return Release{}, fmt.Errorf("unexpected %s version %q", module, version)
	}
	return Release{Version: "1." + parts[1] + "." + parts[2], Minor: "1." + parts[1], Number: n}, nil
}
