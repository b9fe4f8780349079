package serve

import (
	"bufio"
	"encoding/json"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/matchconform/matchconform/kits/go/protocol"
)

var testReady = protocol.NewReady(protocol.Implementation{Name: "test", Version: "0"}, []string{protocol.MatchResources}, "manifest", "1.37")

func match(seq int, name string) string {
	return fmt.Sprintf(`{"cmd":"match","seq":%d,"kubernetesVersion":"1.37","subject":{"kind":"MatchResources"},"cluster":{"namespaces":{},"equivalentResources":[]},"request":{"operation":"CREATE","name":%q}}`, seq, name)
}

// converse runs the loop on the lines and returns the output lines, decoded.
func converse(t *testing.T, decide Decide, opts Options, lines ...string) []map[string]interface{} {
	t.Helper()
	var out strings.Builder
	if err := Run(strings.NewReader(strings.Join(lines, "\n")+"\n"), &out, testReady, decide, opts); err != nil {
		t.Fatalf("Run: %v", err)
	}
	var got []map[string]interface{}
	scanner := bufio.NewScanner(strings.NewReader(out.String()))
	for scanner.Scan() {
		var m map[string]interface{}
		if err := json.Unmarshal(scanner.Bytes(), &m); err != nil {
			t.Fatalf("an output line is not JSON: %q", scanner.Text())
		}
		got = append(got, m)
	}
	return got
}

func bySeq(t *testing.T, lines []map[string]interface{}) map[int]map[string]interface{} {
	t.Helper()
	answers := map[int]map[string]interface{}{}
	for _, m := range lines {
		if m["ready"] != nil {
			continue
		}
		seq := int(m["seq"].(float64))
		if _, dup := answers[seq]; dup {
			t.Fatalf("seq %d answered twice", seq)
		}
		answers[seq] = m
	}
	return answers
}

func echoName(m *protocol.Match) protocol.Answer {
	if m.Request.Name == "slow" {
		time.Sleep(20 * time.Millisecond)
	}
	return protocol.Failed(200, m.Request.Name)
}

func TestReadyComesFirstAndOnce(t *testing.T) {
	got := converse(t, echoName, Options{}, `{"cmd":"start","version":1}`, match(1, "a"), `{"cmd":"stop"}`)
	if len(got) != 2 || got[0]["ready"] != true || got[0]["version"] != float64(1) {
		t.Fatalf("output %v, want the ready message then one answer", got)
	}
	if _, ok := got[0]["capabilities"]; ok {
		t.Errorf("a ready message without capabilities claims everything, got %v", got[0]["capabilities"])
	}
}

func TestPipelinedMessagesAreAllAnsweredWithTheirSeq(t *testing.T) {
	lines := []string{`{"cmd":"start","version":1}`}
	for seq := 0; seq < 300; seq++ {
		name := map[bool]string{true: "slow", false: fmt.Sprint("n", seq)}[seq%50 == 0]
		lines = append(lines, match(seq, name))
	}
	answers := bySeq(t, converse(t, echoName, Options{Workers: 4}, lines...)) // no stop: end of input ends it
	for seq := 0; seq < 300; seq++ {
		want := map[bool]string{true: "slow", false: fmt.Sprint("n", seq)}[seq%50 == 0]
		if got := answers[seq]["message"]; got != want {
			t.Fatalf("seq %d: %v, want message %s", seq, answers[seq], want)
		}
	}
}

func TestAPanicErrsItsOwnTestOnly(t *testing.T) {
	decide := func(m *protocol.Match) protocol.Answer {
		if m.Request.Name == "boom" {
			panic("boom")
		}
		return protocol.NoMatch()
	}
	answers := bySeq(t, converse(t, decide, Options{Workers: 1}, match(1, "boom"), match(2, "fine")))
	errored, _ := answers[1]["errored"].(map[string]interface{})
	if errored == nil || errored["message"] != "panic: boom" || !strings.Contains(errored["detail"].(string), "goroutine") {
		t.Errorf("seq 1: %v, want errored with the panic and its stack", answers[1])
	}
	if answers[2]["outcome"] != "noMatch" {
		t.Errorf("seq 2 after the panic: %v, want noMatch", answers[2])
	}
}

func TestMalformedMessages(t *testing.T) {
	answers := bySeq(t, converse(t, echoName, Options{},
		`not json`,
		`{"cmd":"match","kubernetesVersion":"1.37"}`,
		`{"cmd":"probe","seq":3}`,
		`{"cmd":"match","seq":4,"kubernetesVersion":"1.37","subject":{},"cluster":{"namespaces":[]},"request":{}}`,
		`{"cmd":"match","seq":5,"kubernetesVersion":"1.37","subject":{},"cluster":{},"request":"CREATE"}`,
	))
	if len(answers) != 3 {
		t.Fatalf("answers %v, want seq 3, 4 and 5 (a line without seq cannot be answered)", answers)
	}
	for seq, want := range map[int]string{3: `unknown cmd "probe"`, 4: "cluster: ", 5: "request: "} {
		errored, _ := answers[seq]["errored"].(map[string]interface{})
		if errored == nil || !strings.HasPrefix(errored["message"].(string), want) {
			t.Errorf("seq %d: %v, want errored %q", seq, answers[seq], want)
		}
	}
}

func TestStopEndsTheConversation(t *testing.T) {
	answers := bySeq(t, converse(t, echoName, Options{}, match(1, "a"), `{"cmd":"stop"}`, match(2, "b")))
	if _, ok := answers[2]; ok || answers[1] == nil {
		t.Errorf("answers %v, want seq 1 only", answers)
	}
}

func TestEachWorkerHasItsOwnDecide(t *testing.T) {
	var made atomic.Int32
	opts := Options{Workers: 3, NewDecide: func() (Decide, error) {
		made.Add(1)
		return echoName, nil
	}}
	converse(t, nil, opts, match(1, "a"))
	if made.Load() != 3 {
		t.Errorf("NewDecide called %d times for 3 workers", made.Load())
	}
	if err := Run(strings.NewReader(""), &strings.Builder{}, testReady, nil, Options{}); err == nil {
		t.Errorf("Run without any decide: no error")
	}
	opts.NewDecide = func() (Decide, error) { return nil, fmt.Errorf("no plugins") }
	if err := Run(strings.NewReader(""), &strings.Builder{}, testReady, nil, opts); err == nil || err.Error() != "no plugins" {
		t.Errorf("Run with a failing NewDecide: %v", err)
	}
}
