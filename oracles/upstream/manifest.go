package main

// Manifests of the objects a subject stands for: the subject's fields as written, plus valid
// values for the fields that matching does not read and the API server requires.

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

// The names the oracle gives the subject's objects (the model uses the same).
const (
	policyName  = "subject-policy"
	bindingName = "subject-binding"
	webhookName = "w.example.com"
	configName  = "subject-webhook"
)

type fill struct {
	key   string
	value string // JSON
}

// object is a JSON object whose values are kept as written.
type object map[string]json.RawMessage

func parseObject(raw json.RawMessage, what string) (object, error) {
	o := object{}
	if len(raw) == 0 || string(raw) == "null" {
		return o, nil
	}
	if err := json.Unmarshal(raw, &o); err != nil {
		return nil, fmt.Errorf("%s is not a JSON object: %w", what, err)
	}
	if o == nil {
		o = object{}
	}
	return o, nil
}

// withFills adds each fill whose key the object does not carry, and returns the field paths
// (under path) that it filled in.
func (o object) withFills(path string, fills ...fill) []string {
	var filled []string
	for _, f := range fills {
		if _, ok := o[f.key]; ok {
			continue
		}
		o[f.key] = json.RawMessage(f.value)
		filled = append(filled, path+"."+f.key)
	}
	return filled
}

// refuse reports the first key of keys the object carries: fields outside format version 1.
func (o object) refuse(what string, keys ...string) error {
	for _, k := range keys {
		if _, ok := o[k]; ok {
			return fmt.Errorf("%s.%s is outside conformance format v1", what, k)
		}
	}
	return nil
}

func (o object) marshal() json.RawMessage {
	b, err := json.Marshal(map[string]json.RawMessage(o))
	if err != nil {
		panic(err) // values are valid JSON by construction
	}
	return b
}

// manifest builds {apiVersion, kind, metadata: {name}, <key>: value}.
func manifest(apiVersion, kind, name, key string, value json.RawMessage) []byte {
	m := object{
		"apiVersion": mustJSON(apiVersion),
		"kind":       mustJSON(kind),
		"metadata":   mustJSON(map[string]string{"name": name}),
		key:          value,
	}
	return m.marshal()
}

func mustJSON(v interface{}) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// filledPaths are field paths the oracle filled in; validation errors under them are not the
// subject's and are dropped (there should be none).
type filledPaths []string

func (f filledPaths) covers(field string) bool {
	for _, p := range f {
		if field == p || strings.HasPrefix(field, p+".") || strings.HasPrefix(field, p+"[") {
			return true
		}
	}
	return false
}

func (f filledPaths) String() string {
	s := append([]string(nil), f...)
	sort.Strings(s)
	return strings.Join(s, ", ")
}
