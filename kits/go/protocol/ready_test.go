package protocol

import (
	"encoding/json"
	"testing"
)

func TestCapabilitiesOnTheWire(t *testing.T) {
	tests := []struct {
		name string
		caps Capabilities
		want string
	}{
		{"nothing left out claims everything", Capabilities{}, `{}`},
		{"main resources only", Capabilities{Subresources: NoSubresources()}, `{"subresources":[]}`},
		{"every subresource", Capabilities{Subresources: &Subresources{All: true}}, `{"subresources":"all"}`},
		{"a feature switched off", Capabilities{Operations: []string{"CREATE"}, Features: &Features{Validation: Off()}},
			`{"operations":["CREATE"],"features":{"validation":false}}`},
		{"an opt-in feature claimed", Capabilities{Features: &Features{MatchConditions: On()}},
			`{"features":{"matchConditions":true}}`},
		{"params claimed", Capabilities{Features: &Features{MatchConditions: On(), Params: On()}},
			`{"features":{"matchConditions":true,"params":true}}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, err := json.Marshal(tc.caps)
			if err != nil || string(b) != tc.want {
				t.Fatalf("%s (%v), want %s", b, err, tc.want)
			}
			var back Capabilities
			if err := json.Unmarshal(b, &back); err != nil {
				t.Fatal(err)
			}
			if again, _ := json.Marshal(back); string(again) != tc.want {
				t.Errorf("round trip %s, want %s", again, tc.want)
			}
		})
	}
}

func TestAnswersOnTheWire(t *testing.T) {
	a := Matched(GVR{"", "v1", "pods"}, GVK{"", "v1", "Pod"})
	a.Seq = 7
	withParams := Matched(GVR{"", "v1", "pods"}, GVK{"", "v1", "Pod"})
	withParams.Params = []string{"prod/gold", "cluster-wide"}
	tests := []struct {
		answer Answer
		want   string
	}{
		{a, `{"seq":7,"outcome":"match","matchedResource":{"group":"","version":"v1","resource":"pods"},"matchedKind":{"group":"","version":"v1","kind":"Pod"}}`},
		{withParams, `{"seq":0,"outcome":"match","matchedResource":{"group":"","version":"v1","resource":"pods"},"matchedKind":{"group":"","version":"v1","kind":"Pod"},"params":["prod/gold","cluster-wide"]}`},
		{NoMatch(), `{"seq":0,"outcome":"noMatch"}`},
		{Failed(404, `namespaces "gone" not found`), `{"seq":0,"outcome":"error","code":404,"message":"namespaces \"gone\" not found"}`},
		{Invalid("bad"), `{"seq":0,"outcome":"invalid","message":"bad"}`},
		{Skipped("no %s", "CEL"), `{"seq":0,"skipped":{"message":"no CEL"}}`},
		{Errored("crash"), `{"seq":0,"errored":{"message":"crash"}}`},
	}
	for _, tc := range tests {
		if b, _ := json.Marshal(tc.answer); string(b) != tc.want {
			t.Errorf("%s, want %s", b, tc.want)
		}
	}
}

func TestHasBinding(t *testing.T) {
	for raw, want := range map[string]bool{`{"kind":"ValidatingAdmissionPolicy","binding":{}}`: true, `{"binding":null}`: false, `{}`: false} {
		s, err := ParseSubject(json.RawMessage(raw))
		if err != nil || s.HasBinding() != want {
			t.Errorf("%s: HasBinding %v (%v), want %v", raw, s.HasBinding(), err, want)
		}
	}
}
