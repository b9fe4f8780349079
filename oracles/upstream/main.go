// Command upstream-oracle answers line protocol v1 (conformance-format.md section 2) with the
// upstream Kubernetes admission code itself, for the minor it is built against. The protocol,
// the serve loop and the admission inputs of a message come from the Go adapter kit (kits/go).
package main

import (
	"io"
	"log"
	"os"

	"github.com/matchconform/matchconform/kits/go/kube"
	"github.com/matchconform/matchconform/kits/go/manifest"
	"github.com/matchconform/matchconform/kits/go/protocol"
	"github.com/matchconform/matchconform/kits/go/serve"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("upstream-oracle: ")
	if err := run(os.Stdin, os.Stdout); err != nil {
		log.Fatal(err)
	}
}

// run serves one conversation on as many workers as the process has CPUs, each with its own
// plugins and cluster state.
func run(in io.Reader, out io.Writer) error {
	built, err := kube.BuiltAgainst("k8s.io/kubernetes")
	if err != nil {
		return err
	}
	stop := make(chan struct{})
	defer close(stop)
	subjects := &storedSubjects{minor: built.Number}
	return serve.Run(in, out, ready(built), nil, serve.Options{
		NewDecide: func() (serve.Decide, error) {
			w, err := newWorker(built, subjects, stop)
			if err != nil {
				return nil, err
			}
			return w.decide, nil
		},
	})
}

// ready claims everything, and the opt-in matchConditions and params: upstream's own matcher
// and dispatchers decide them.
func ready(built kube.Release) protocol.Ready {
	r := protocol.NewReady(
		protocol.Implementation{Name: "k8s.io/apiserver", Version: built.Version, Language: "go"},
		manifest.ServedSubjects(built.Number), "manifest", built.Minor,
	)
	r.Capabilities = &protocol.Capabilities{Features: &protocol.Features{MatchConditions: protocol.On(), Params: protocol.On()}}
	return r
}
