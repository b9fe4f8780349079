// Command go-adapter is a matchconform adapter written with the Go adapter kit (kits/go): it
// answers MatchResources subjects with k8s.io/apiserver's own policy matcher
// (pkg/admission/plugin/policy/matching Matcher.Matches), at the minor of the k8s.io/apiserver it
// is built with. The kit does the protocol, the serve loop and the matcher's inputs.
package main

import (
	"encoding/json"
	"log"

	admissionregistrationv1 "k8s.io/api/admissionregistration/v1"
	"k8s.io/apiserver/pkg/admission/plugin/policy/matching"

	"github.com/matchconform/matchconform/kits/go/kube"
	"github.com/matchconform/matchconform/kits/go/protocol"
	"github.com/matchconform/matchconform/kits/go/serve"
)

func main() {
	built, err := kube.BuiltAgainst("k8s.io/apiserver")
	if err != nil {
		log.Fatal(err)
	}
	ready := protocol.NewReady(
		protocol.Implementation{Name: "go-adapter (k8s.io/apiserver policy matching)", Version: built.Version, Language: "go"},
		[]string{protocol.MatchResources}, "manifest", built.Minor)
	// The matcher neither defaults nor validates: the runner then sends subjects with their
	// defaults written out, and no subject that the API server would reject.
	ready.Capabilities = &protocol.Capabilities{Features: &protocol.Features{Validation: protocol.Off(), Defaulting: protocol.Off()}}
	serve.Main(ready, nil, serve.Options{NewDecide: newDecide})
}

// newDecide gives each worker its own namespaces, which each message replaces.
func newDecide() (serve.Decide, error) {
	namespaces := kube.NewNamespaces()
	matcher := matching.NewMatcher(namespaces.Lister(), namespaces.Client)
	if err := matcher.ValidateInitialization(); err != nil {
		return nil, err
	}
	return func(m *protocol.Match) protocol.Answer {
		subject, err := protocol.ParseSubject(m.Subject)
		if err != nil {
			return protocol.Errored("subject: %v", err)
		}
		var mr admissionregistrationv1.MatchResources
		if err := json.Unmarshal(subject.MatchResources, &mr); err != nil {
			return protocol.Errored("subject.matchResources: %v", err)
		}
		attrs, err := kube.Attributes(&m.Request)
		if err != nil {
			return protocol.Errored("%v", err)
		}
		if err := namespaces.Set(m.Cluster.Namespaces); err != nil {
			return protocol.Errored("%v", err)
		}
		return kube.Answer(matcher.Matches(attrs, kube.NewObjectInterfaces(m), kube.Criteria{MatchResources: &mr}))
	}, nil
}
