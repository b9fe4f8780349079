// Package manifest builds the objects a subject stands for (section 1.1) as the API server would
// receive them: the subject's fields as written, plus valid values for the fields that matching
// does not read and the API server requires (the fill-ins), at the API version each minor serves.
// An adapter that defaults and validates with k8s.io/kubernetes decodes these manifests; the
// names are those that expected messages quote ("subject-policy", "subject-binding").
package manifest

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

// The names of a subject's objects, as the reference model has them.
const (
	PolicyName  = "subject-policy"
	BindingName = "subject-binding"
	WebhookName = "w.example.com"
	ConfigName  = "subject-webhook"
)

// Fill is a field to add when the object does not carry it; Value is JSON.
type Fill struct {
	Key   string
	Value string
}

// Object is a JSON object whose values are kept as written.
type Object map[string]json.RawMessage

// Parse reads a subject field as an Object; absent or null is an empty object.
func Parse(raw json.RawMessage, what string) (Object, error) {
	o := Object{}
	if len(raw) == 0 || string(raw) == "null" {
		return o, nil
	}
	if err := json.Unmarshal(raw, &o); err != nil {
		return nil, fmt.Errorf("%s is not a JSON object: %w", what, err)
	}
	if o == nil {
		o = Object{}
	}
	return o, nil
}

// WithFills adds each fill whose key the object does not carry, and returns the field paths
// (under path) that it filled in.
func (o Object) WithFills(path string, fills ...Fill) Filled {
	var filled Filled
	for _, f := range fills {
		if _, ok := o[f.Key]; ok {
			continue
		}
		o[f.Key] = json.RawMessage(f.Value)
		filled = append(filled, path+"."+f.Key)
	}
	return filled
}

// Marshal is the object's JSON.
func (o Object) Marshal() json.RawMessage {
	b, err := json.Marshal(map[string]json.RawMessage(o))
	if err != nil {
		panic(err) // values are valid JSON by construction
	}
	return b
}

// Build is {apiVersion, kind, metadata: {name}, <key>: value}.
func Build(apiVersion, kind, name, key string, value json.RawMessage) []byte {
	m := Object{
		"apiVersion": mustJSON(apiVersion),
		"kind":       mustJSON(kind),
		"metadata":   mustJSON(map[string]string{"name": name}),
		key:          value,
	}
	return m.Marshal()
}

func mustJSON(v interface{}) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// Filled are field paths that were filled in; validation errors under them are not the
// subject's and are to be dropped (there should be none).
type Filled []string

// Covers says whether a validation error's field is under a filled path.
func (f Filled) Covers(field string) bool {
	for _, p := range f {
		if field == p || strings.HasPrefix(field, p+".") || strings.HasPrefix(field, p+"[") {
			return true
		}
	}
	return false
}

func (f Filled) String() string {
	s := append([]string(nil), f...)
	sort.Strings(s)
	return strings.Join(s, ", ")
}
