// Package protocol holds the messages of matchconform's line protocol v1 (the implementer's
// guide is examples/README.md in the repository, the JSON Schema
// oracles/contract/protocol.schema.json), as Go types that encode and decode to the wire JSON.
// Section numbers refer to the conformance format.
package protocol

import "encoding/json"

// Version is the protocol version this package speaks.
const Version = 1

// The subject kinds of format v1 (section 1.1).
const (
	MatchResources            = "MatchResources"
	ValidatingAdmissionPolicy = "ValidatingAdmissionPolicy"
	MutatingAdmissionPolicy   = "MutatingAdmissionPolicy"
	ValidatingWebhook         = "ValidatingWebhook"
	MutatingWebhook           = "MutatingWebhook"
)

// Message is any runner message; only the fields of its cmd are set ("start", "match", "stop").
type Message struct {
	Cmd               string          `json:"cmd"`
	Version           int             `json:"version,omitempty"`
	Seq               *int64          `json:"seq,omitempty"`
	KubernetesVersion string          `json:"kubernetesVersion,omitempty"`
	Subject           json.RawMessage `json:"subject,omitempty"`
	Cluster           json.RawMessage `json:"cluster,omitempty"`
	Request           json.RawMessage `json:"request,omitempty"`
}

// Match is a decoded match message: one test at one minor. The subject is kept as written, for
// the adapter to decode (ParseSubject) or to use as a cache key.
type Match struct {
	Seq               int64
	KubernetesVersion string // "1.37"
	Subject           json.RawMessage
	Cluster           Cluster
	Request           Request
}

// Subject is a subject's fields (section 1.1), each kept as written: the kind says which are set.
type Subject struct {
	Kind           string          `json:"kind"`
	MatchResources json.RawMessage `json:"matchResources,omitempty"`
	Policy         json.RawMessage `json:"policy,omitempty"`
	Binding        json.RawMessage `json:"binding,omitempty"`
	Webhook        json.RawMessage `json:"webhook,omitempty"`
}

// ParseSubject decodes a match message's subject.
func ParseSubject(raw json.RawMessage) (Subject, error) {
	var s Subject
	err := json.Unmarshal(raw, &s)
	return s, err
}

// HasBinding says whether a policy subject has a binding: a policy without one is a policy that
// no binding selects.
func (s Subject) HasBinding() bool {
	return len(s.Binding) > 0 && string(s.Binding) != "null"
}

// Cluster is the state the matcher may consult; the runner always gives both fields.
type Cluster struct {
	// Namespaces maps each existing namespace to its labels; a namespace not listed does not exist.
	Namespaces map[string]map[string]string `json:"namespaces"`
	// EquivalentResources is what the API server's equivalent-resource registry answers for the
	// request's resource and subresource, in registration order, the request's own included.
	EquivalentResources []EquivalentResource `json:"equivalentResources"`
	// CustomKinds are the kinds served through CustomResourceDefinitions, and Params the objects a
	// binding's paramRef may find (docs/case-format.md, "Params"): sent only to an implementation
	// that claims the params feature, each object as written.
	CustomKinds []CustomKind      `json:"customKinds,omitempty"`
	Params      []json.RawMessage `json:"params,omitempty"`
}

// CustomKind is a kind served through a CustomResourceDefinition: apiVersion <group>/<version>,
// scope "Namespaced" or "Cluster".
type CustomKind struct {
	APIVersion string `json:"apiVersion"`
	Kind       string `json:"kind"`
	Scope      string `json:"scope"`
}

// EquivalentResource is one registry entry; an empty Kind means the registry has no kind for it.
type EquivalentResource struct {
	Resource GVR `json:"resource"`
	Kind     GVK `json:"kind"`
}

// Request holds the AdmissionRequest fields that matching reads (section 1.2).
type Request struct {
	Operation   string          `json:"operation"` // CREATE, UPDATE, DELETE or CONNECT
	Resource    GVR             `json:"resource"`
	SubResource string          `json:"subResource,omitempty"`
	Kind        GVK             `json:"kind"`
	Namespace   string          `json:"namespace,omitempty"`
	Name        string          `json:"name,omitempty"`
	Object      json.RawMessage `json:"object,omitempty"`
	OldObject   json.RawMessage `json:"oldObject,omitempty"`
	// UserInfo is who sends the request; nil is the default user (DefaultUserInfo).
	UserInfo *UserInfo `json:"userInfo,omitempty"`
}

// UserInfo is the AdmissionRequest's userInfo (authentication/v1 UserInfo), which only
// matchConditions read.
type UserInfo struct {
	Username string              `json:"username,omitempty"`
	UID      string              `json:"uid,omitempty"`
	Groups   []string            `json:"groups,omitempty"`
	Extra    map[string][]string `json:"extra,omitempty"`
}

// DefaultUserInfo is the user of a request without userInfo (docs/case-format.md): a plain
// authenticated user, as a real API server can impersonate it.
func DefaultUserInfo() UserInfo {
	return UserInfo{Username: "matchconform", Groups: []string{"system:authenticated"}}
}

// GVR is a group, version and resource.
type GVR struct {
	Group    string `json:"group"`
	Version  string `json:"version"`
	Resource string `json:"resource"`
}

// GVK is a group, version and kind.
type GVK struct {
	Group   string `json:"group"`
	Version string `json:"version"`
	Kind    string `json:"kind"`
}
