package main

// Line protocol v1 (conformance-format.md section 2): the messages, as JSON.

import "encoding/json"

const protocolVersion = 1

// incoming is any runner message; only the fields of its cmd are set.
type incoming struct {
	Cmd               string          `json:"cmd"`
	Version           int             `json:"version"`
	Seq               *int64          `json:"seq"`
	KubernetesVersion string          `json:"kubernetesVersion"`
	Subject           json.RawMessage `json:"subject"`
	Cluster           json.RawMessage `json:"cluster"`
	Request           json.RawMessage `json:"request"`
}

type implementationInfo struct {
	Name     string `json:"name"`
	Version  string `json:"version"`
	Language string `json:"language"`
	Homepage string `json:"homepage,omitempty"`
}

type readyMessage struct {
	Ready              bool               `json:"ready"`
	Version            int                `json:"version"`
	Implementation     implementationInfo `json:"implementation"`
	Subjects           []string           `json:"subjects"`
	Input              string             `json:"input"`
	KubernetesVersions []string           `json:"kubernetesVersions"`
}

type gvr struct {
	Group    string `json:"group"`
	Version  string `json:"version"`
	Resource string `json:"resource"`
}

type gvk struct {
	Group   string `json:"group"`
	Version string `json:"version"`
	Kind    string `json:"kind"`
}

// outcome is a Kubernetes decision (conformance-format.md section 1.4).
type outcome struct {
	Outcome         string `json:"outcome"`
	MatchedResource *gvr   `json:"matchedResource,omitempty"`
	MatchedKind     *gvk   `json:"matchedKind,omitempty"`
	Code            int32  `json:"code,omitempty"`
	Message         string `json:"message,omitempty"`
}

type problem struct {
	Message string `json:"message"`
	Detail  string `json:"detail,omitempty"`
}

// answer is one answer line: an outcome, an honest skip, or the oracle failing on the case.
type answer struct {
	Seq int64 `json:"seq"`
	*outcome
	Skipped *problem `json:"skipped,omitempty"`
	Errored *problem `json:"errored,omitempty"`
}

// cluster is the state the matcher may consult; the runner always gives both fields.
type cluster struct {
	Namespaces          map[string]map[string]string `json:"namespaces"`
	EquivalentResources []equivalentResource         `json:"equivalentResources"`
}

type equivalentResource struct {
	Resource gvr `json:"resource"`
	Kind     gvk `json:"kind"`
}

// request holds the AdmissionRequest fields that matching reads (section 1.2).
type request struct {
	Operation   string          `json:"operation"`
	Resource    gvr             `json:"resource"`
	SubResource string          `json:"subResource"`
	Kind        gvk             `json:"kind"`
	Namespace   string          `json:"namespace"`
	Name        string          `json:"name"`
	Object      json.RawMessage `json:"object"`
	OldObject   json.RawMessage `json:"oldObject"`
}
