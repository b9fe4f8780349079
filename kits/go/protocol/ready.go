package protocol

import (
	"encoding/json"
	"fmt"
)

// Ready is the one line an implementation answers "start" with.
type Ready struct {
	Ready          bool           `json:"ready"`
	Version        int            `json:"version"`
	Implementation Implementation `json:"implementation"`
	// Subjects lists the subject kinds answered; tests of other kinds are not sent.
	Subjects []string `json:"subjects"`
	// Input is "manifest" (subjects as written: default and validate them yourself) or "stored"
	// (subjects after defaulting; invalid ones are never sent).
	Input string `json:"input,omitempty"`
	// KubernetesVersions lists the minors claimed ("1.37"); tests at others are not sent.
	KubernetesVersions []string      `json:"kubernetesVersions"`
	Capabilities       *Capabilities `json:"capabilities,omitempty"`
}

// NewReady is a ready message with Ready and Version set.
func NewReady(impl Implementation, subjects []string, input string, minors ...string) Ready {
	return Ready{Ready: true, Version: Version, Implementation: impl, Subjects: subjects, Input: input, KubernetesVersions: minors}
}

// Implementation says who answers.
type Implementation struct {
	Name     string `json:"name"`
	Version  string `json:"version"`
	Language string `json:"language,omitempty"`
	Homepage string `json:"homepage,omitempty"`
	Issues   string `json:"issues,omitempty"`
}

// Capabilities is what an implementation claims to model (docs/protocol-capabilities.md); the
// runner sends nothing outside it. A field left nil claims everything.
type Capabilities struct {
	Operations      []string            `json:"operations,omitempty"`
	Subresources    *Subresources       `json:"subresources,omitempty"`
	Features        *Features           `json:"features,omitempty"`
	SubjectVersions map[string][]string `json:"subjectVersions,omitempty"`
}

// Subresources is "all", or the subresources claimed besides main resources (none: []).
type Subresources struct {
	All   bool
	Names []string
}

// NoSubresources claims main resources only.
func NoSubresources() *Subresources { return &Subresources{Names: []string{}} }

func (s Subresources) MarshalJSON() ([]byte, error) {
	if s.All {
		return []byte(`"all"`), nil
	}
	if s.Names == nil {
		return []byte("[]"), nil
	}
	return json.Marshal(s.Names)
}

func (s *Subresources) UnmarshalJSON(b []byte) error {
	if string(b) == `"all"` {
		*s = Subresources{All: true}
		return nil
	}
	if err := json.Unmarshal(b, &s.Names); err != nil {
		return fmt.Errorf(`subresources is neither "all" nor a list of names: %w`, err)
	}
	return nil
}

// Features are the optional features; a nil field is claimed, Off() is not. Opt-in features,
// which came after line protocol v1 (MatchConditions, Params), are claimed only with On().
type Features struct {
	Validation        *bool `json:"validation,omitempty"`
	Defaulting        *bool `json:"defaulting,omitempty"`
	Equivalent        *bool `json:"equivalent,omitempty"`
	Exemptions        *bool `json:"exemptions,omitempty"`
	MissingNamespaces *bool `json:"missingNamespaces,omitempty"`
	CustomResources   *bool `json:"customResources,omitempty"`
	UnboundPolicies   *bool `json:"unboundPolicies,omitempty"`
	MatchConditions   *bool `json:"matchConditions,omitempty"`
	Params            *bool `json:"params,omitempty"`
}

// Off is a feature that is not claimed.
func Off() *bool { f := false; return &f }

// On is a feature that is claimed, which an opt-in feature must say.
func On() *bool { t := true; return &t }
