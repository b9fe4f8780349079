package main

// Line protocol tests: JSON lines in, answers checked. Run for a minor with
//   go test -modfile go.<minor>.mod -tags "$(./tags.sh <minor>)" .

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/matchconform/matchconform/kits/go/kube"
)

const podRule = `{"operations":["*"],"apiGroups":[""],"apiVersions":["v1"],"resources":["pods"]}`

func createPod(namespace string, labels string) string {
	return fmt.Sprintf(`{"operation":"CREATE","resource":{"group":"","version":"v1","resource":"pods"},"kind":{"group":"","version":"v1","kind":"Pod"},"namespace":%q,"name":"web","object":{"apiVersion":"v1","kind":"Pod","metadata":{"name":"web","namespace":%q,"labels":%s}}}`, namespace, namespace, labels)
}

func match(t *testing.T, seq int, minor, subject, cluster, request string) string {
	t.Helper()
	return fmt.Sprintf(`{"cmd":"match","seq":%d,"kubernetesVersion":%q,"subject":%s,"cluster":%s,"request":%s}`, seq, minor, subject, cluster, request)
}

// converse runs the oracle on the lines and returns the ready message and the answers by seq.
func converse(t *testing.T, lines ...string) (map[string]interface{}, map[int64]map[string]interface{}) {
	t.Helper()
	var out bytes.Buffer
	if err := run(strings.NewReader(strings.Join(lines, "\n")+"\n"), &out); err != nil {
		t.Fatalf("run: %v", err)
	}
	var ready map[string]interface{}
	answers := map[int64]map[string]interface{}{}
	scanner := bufio.NewScanner(&out)
	scanner.Buffer(make([]byte, 1<<20), 1<<24)
	for scanner.Scan() {
		var m map[string]interface{}
		if err := json.Unmarshal(scanner.Bytes(), &m); err != nil {
			t.Fatalf("an output line is not JSON: %q", scanner.Text())
		}
		if _, ok := m["ready"]; ok {
			ready = m
			continue
		}
		seq, ok := m["seq"].(float64)
		if !ok {
			t.Fatalf("an answer without seq: %q", scanner.Text())
		}
		if _, dup := answers[int64(seq)]; dup {
			t.Fatalf("seq %v answered twice", seq)
		}
		answers[int64(seq)] = m
	}
	return ready, answers
}

func builtMinor(t *testing.T) kube.Release {
	t.Helper()
	b, err := kube.BuiltAgainst("k8s.io/kubernetes")
	if err != nil {
		t.Skipf("no build information (%v)", err)
	}
	return b
}

func TestReady(t *testing.T) {
	b := builtMinor(t)
	ready, _ := converse(t, `{"cmd":"start","version":1}`, `{"cmd":"stop"}`)
	if ready == nil || ready["ready"] != true || ready["version"] != float64(1) || ready["input"] != "manifest" {
		t.Fatalf("ready = %v", ready)
	}
	impl := ready["implementation"].(map[string]interface{})
	if impl["name"] != "k8s.io/apiserver" || impl["version"] != b.Version || impl["language"] != "go" {
		t.Errorf("implementation = %v", impl)
	}
	if got := fmt.Sprint(ready["kubernetesVersions"]); got != "["+b.Minor+"]" {
		t.Errorf("kubernetesVersions = %s", got)
	}
	subjects := fmt.Sprint(ready["subjects"])
	if strings.Contains(subjects, "MutatingAdmissionPolicy") != (b.Number >= 32) {
		t.Errorf("subjects = %s at %s", subjects, b.Minor)
	}
	if got := fmt.Sprint(ready["capabilities"]); got != "map[features:map[matchConditions:true params:true]]" {
		t.Errorf("capabilities = %s, want the opt-in matchConditions and params claimed", got)
	}
}

func TestAnswers(t *testing.T) {
	b := builtMinor(t)
	m := b.Minor
	noCluster := `{"namespaces":{},"equivalentResources":[]}`
	prod := `{"namespaces":{"prod":{"kubernetes.io/metadata.name":"prod","env":"prod"}},"equivalentResources":[]}`
	events := `{"namespaces":{"prod":{"kubernetes.io/metadata.name":"prod"}},"equivalentResources":[` +
		`{"resource":{"group":"","version":"v1","resource":"events"},"kind":{"group":"","version":"v1","kind":"Event"}},` +
		`{"resource":{"group":"events.k8s.io","version":"v1","resource":"events"},"kind":{"group":"events.k8s.io","version":"v1","kind":"Event"}}]}`
	createEvent := `{"operation":"CREATE","resource":{"group":"","version":"v1","resource":"events"},"kind":{"group":"","version":"v1","kind":"Event"},"namespace":"prod","name":"e","object":{"apiVersion":"v1","kind":"Event","metadata":{"name":"e"}}}`
	connect := `{"operation":"CONNECT","resource":{"group":"","version":"v1","resource":"pods"},"subResource":"exec","kind":{"group":"","version":"v1","kind":"PodExecOptions"},"namespace":"prod","name":"web","object":{"apiVersion":"v1","kind":"PodExecOptions"}}`
	tokenReview := `{"operation":"CREATE","resource":{"group":"authentication.k8s.io","version":"v1","resource":"tokenreviews"},"kind":{"group":"authentication.k8s.io","version":"v1","kind":"TokenReview"},"object":{"apiVersion":"authentication.k8s.io/v1","kind":"TokenReview","metadata":{}}}`
	generatedNamespace := `{"operation":"CREATE","resource":{"group":"","version":"v1","resource":"namespaces"},"kind":{"group":"","version":"v1","kind":"Namespace"},"object":{"apiVersion":"v1","kind":"Namespace","metadata":{"generateName":"team-"}}}`
	namedNamespaceSelector := `{"matchConstraints":{"resourceRules":[{"operations":["CREATE"],"apiGroups":[""],"apiVersions":["v1"],"resources":["namespaces"]}],"namespaceSelector":{"matchExpressions":[{"key":"kubernetes.io/metadata.name","operator":"Exists"}]}}}`
	conditioned := func(kind, conditions string) string {
		if kind == "ValidatingWebhook" {
			return `{"kind":"ValidatingWebhook","webhook":{"rules":[` + podRule + `],"matchConditions":` + conditions + `}}`
		}
		return `{"kind":"` + kind + `","policy":{"matchConstraints":{"resourceRules":[` + podRule + `]},"matchConditions":` + conditions + `},"binding":{}}`
	}
	serviceAccount := strings.TrimSuffix(createPod("prod", `{}`), "}") +
		`,"userInfo":{"username":"system:serviceaccount:prod:builder","groups":["system:serviceaccounts","system:authenticated"]}}`
	configMaps := `{"namespaces":{"prod":{}},"equivalentResources":[],"params":[` +
		`{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"b","namespace":"prod"},"data":{"tier":"gold"}},` +
		`{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a","namespace":"prod"},"data":{"tier":"silver"}}]}`
	withParams := func(kind, paramKind, conditions string) string {
		return `{"kind":"` + kind + `","policy":{"paramKind":` + paramKind + `,"matchConstraints":{"resourceRules":[` + podRule + `]},"matchConditions":` + conditions + `},` +
			`"binding":{"paramRef":{"selector":{},"parameterNotFoundAction":"Deny"}}}`
	}
	configMap := `{"apiVersion":"v1","kind":"ConfigMap"}`
	clusterNamespacesDelete := `{"operation":"DELETE","resource":{"group":"example.com","version":"v1","resource":"namespaces"},"kind":{"group":"example.com","version":"v1","kind":"Namespace"},"name":"x","oldObject":{"apiVersion":"example.com/v1","kind":"Namespace","metadata":{"name":"x"}}}`

	type want struct {
		outcome  string
		code     float64
		contains string
		resource string // group/version/resource of matchedResource
		params   string // the answer's params, in order
	}
	tests := []struct {
		name    string
		line    string
		want    want
		atLeast int // the minor from which the test applies
	}{
		{"webhook pods/* matches pods", match(t, 1, m, `{"kind":"ValidatingWebhook","webhook":{"rules":[{"operations":["CREATE"],"apiGroups":[""],"apiVersions":["v1"],"resources":["pods/*"]}]}}`, prod, createPod("prod", `{}`)), want{outcome: "match", resource: "/v1/pods"}, 30},
		{"webhook with empty rules never matches", match(t, 2, m, `{"kind":"MutatingWebhook","webhook":{"rules":[]}}`, prod, createPod("prod", `{}`)), want{outcome: "noMatch"}, 30},
		{"webhook namespace lookup 404", match(t, 3, m, `{"kind":"ValidatingWebhook","webhook":{"rules":[`+podRule+`],"namespaceSelector":{"matchLabels":{"env":"prod"}}}}`, noCluster, createPod("gone", `{}`)), want{outcome: "error", code: 404, contains: `namespaces "gone" not found`}, 30},
		{"policy namespace lookup is a configuration error", match(t, 4, m, `{"kind":"ValidatingAdmissionPolicy","policy":{"matchConstraints":{"resourceRules":[`+podRule+`],"namespaceSelector":{"matchLabels":{"env":"prod"}}}},"binding":{}}`, noCluster, createPod("gone", `{}`)), want{outcome: "error", code: 422, contains: `failed to configure policy: namespaces "gone" not found`}, 30},
		{"policy without a binding is never evaluated", match(t, 5, m, `{"kind":"ValidatingAdmissionPolicy","policy":{"matchConstraints":{"resourceRules":[`+podRule+`]}}}`, prod, createPod("prod", `{}`)), want{outcome: "noMatch"}, 30},
		{"order-dependent wildcard validation", match(t, 6, m, `{"kind":"ValidatingAdmissionPolicy","policy":{"matchConstraints":{"resourceRules":[{"operations":["*"],"apiGroups":[""],"apiVersions":["v1"],"resources":["*","pods"]}]}},"binding":{}}`, prod, createPod("prod", `{}`)), want{outcome: "invalid", contains: "must not specify other resources without subresources"}, 30},
		{"equivalent events through the policy", match(t, 7, m, `{"kind":"ValidatingAdmissionPolicy","policy":{"matchConstraints":{"resourceRules":[{"operations":["CREATE"],"apiGroups":["events.k8s.io"],"apiVersions":["v1"],"resources":["events"]}]}},"binding":{}}`, events, createEvent), want{outcome: "match", resource: "events.k8s.io/v1/events"}, 30},
		{"options objects have no labels", match(t, 8, m, `{"kind":"MatchResources","matchResources":{"objectSelector":{"matchExpressions":[{"key":"a","operator":"DoesNotExist"}]}}}`, prod, connect), want{outcome: "noMatch"}, 30},
		{"auth reviews are excluded from policies", match(t, 9, m, `{"kind":"ValidatingAdmissionPolicy","policy":{"matchConstraints":{"resourceRules":[{"operations":["*"],"apiGroups":["*"],"apiVersions":["*"],"resources":["*"]}]}},"binding":{}}`, noCluster, tokenReview), want{outcome: "noMatch"}, 30},
		{"webhooks see auth reviews before 1.37", match(t, 10, m, `{"kind":"ValidatingWebhook","webhook":{"rules":[{"operations":["*"],"apiGroups":["*"],"apiVersions":["*"],"resources":["*"]}]}}`, noCluster, tokenReview), want{outcome: map[bool]string{true: "noMatch", false: "match"}[b.Number >= 37]}, 30},
		{"an empty namespace name fails the client", match(t, 11, m, `{"kind":"ValidatingWebhook","webhook":{"rules":[{"operations":["*"],"apiGroups":["*"],"apiVersions":["*"],"resources":["*"]}],"namespaceSelector":{"matchLabels":{"a":"b"}}}}`, noCluster, clusterNamespacesDelete), want{outcome: "error", code: 500, contains: "resource name may not be empty"}, 30},
		{"mutating policies never handle DELETE", match(t, 12, m, `{"kind":"MutatingAdmissionPolicy","policy":{"matchConstraints":{"resourceRules":[{"operations":["*"],"apiGroups":["*"],"apiVersions":["*"],"resources":["*"]}]}},"binding":{}}`, noCluster, clusterNamespacesDelete), want{outcome: "noMatch"}, 32},
		{"validating admission sees a generated namespace's name label", match(t, 14, m, `{"kind":"ValidatingAdmissionPolicy","policy":`+namedNamespaceSelector+`,"binding":{}}`, noCluster, generatedNamespace), want{outcome: "match", resource: "/v1/namespaces"}, 30},
		{"mutating admission sees a generateName namespace unnamed", match(t, 15, m, `{"kind":"MutatingAdmissionPolicy","policy":`+namedNamespaceSelector+`,"binding":{}}`, noCluster, generatedNamespace), want{outcome: "noMatch"}, 32},
		{"a policy's condition reads the request's user", match(t, 16, m, conditioned("ValidatingAdmissionPolicy", `[{"name":"sa","expression":"request.userInfo.username.startsWith('system:serviceaccount:')"}]`), prod, serviceAccount), want{outcome: "match", resource: "/v1/pods"}, 30},
		{"the default user is authenticated", match(t, 17, m, conditioned("ValidatingWebhook", `[{"name":"authn","expression":"'system:authenticated' in request.userInfo.groups"}]`), prod, createPod("prod", `{}`)), want{outcome: "match", resource: "/v1/pods"}, 30},
		{"a false condition stops a mutating policy", match(t, 18, m, conditioned("MutatingAdmissionPolicy", `[{"name":"no","expression":"false"}]`), prod, createPod("prod", `{}`)), want{outcome: "noMatch"}, 32},
		{"an erring condition fails the request under Fail", match(t, 19, m, conditioned("ValidatingWebhook", `[{"name":"absent","expression":"object.spec.absent == 1"}]`), prod, createPod("prod", `{}`)), want{outcome: "error", code: 403, contains: "no such key"}, 30},
		{"a condition that is not a bool is invalid", match(t, 20, m, conditioned("ValidatingAdmissionPolicy", `[{"name":"six","expression":"6"}]`), prod, createPod("prod", `{}`)), want{outcome: "invalid", contains: "must evaluate to bool"}, 30},
		{"a validating policy runs once per param, which carries its kind", match(t, 21, m, withParams("ValidatingAdmissionPolicy", configMap, `[{"name":"k","expression":"params.kind == 'ConfigMap'"}]`), configMaps, createPod("prod", `{}`)), want{outcome: "match", params: "[prod/a prod/b]"}, 30},
		{"a mutating policy's ConfigMap param has no kind", match(t, 22, m, withParams("MutatingAdmissionPolicy", configMap, `[{"name":"k","expression":"!has(params.kind) && params.data.tier == 'gold'"}]`), configMaps, createPod("prod", `{}`)), want{outcome: "match", params: "[prod/b]"}, 32},
		{"a paramKind nothing serves is the policy's configuration error", match(t, 23, m, withParams("ValidatingAdmissionPolicy", `{"apiVersion":"example.com/v1","kind":"Missing"}`, `[]`), configMaps, createPod("prod", `{}`)), want{outcome: "error", code: 422, contains: "failed to configure policy: failed to find resource referenced by paramKind: 'example.com/v1, Kind=Missing'"}, 30},
		{"mutating policies refuse DELETE rules", match(t, 13, m, `{"kind":"MutatingAdmissionPolicy","policy":{"matchConstraints":{"resourceRules":[{"operations":["DELETE"],"apiGroups":["*"],"apiVersions":["*"],"resources":["*"]}]}},"binding":{}}`, noCluster, createPod("prod", `{}`)), want{outcome: "invalid", contains: "DELETE"}, 32},
	}
	lines := []string{`{"cmd":"start","version":1}`}
	for _, tc := range tests {
		if b.Number >= tc.atLeast {
			lines = append(lines, tc.line)
		}
	}
	lines = append(lines, `{"cmd":"match","seq":99,"kubernetesVersion":"1.29","subject":{"kind":"MatchResources","matchResources":{}},"cluster":{"namespaces":{},"equivalentResources":[]},"request":`+createPod("prod", "{}")+`}`)
	_, answers := converse(t, lines...)

	for _, tc := range tests {
		if b.Number < tc.atLeast {
			continue
		}
		var sent struct{ Seq int64 }
		if err := json.Unmarshal([]byte(tc.line), &sent); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		t.Run(tc.name, func(t *testing.T) {
			a, ok := answers[sent.Seq]
			if !ok {
				t.Fatalf("no answer")
			}
			if a["outcome"] != tc.want.outcome {
				t.Fatalf("answer %v, want outcome %s", a, tc.want.outcome)
			}
			if tc.want.code != 0 && a["code"] != tc.want.code {
				t.Errorf("code %v, want %v", a["code"], tc.want.code)
			}
			if msg, _ := a["message"].(string); !strings.Contains(msg, tc.want.contains) {
				t.Errorf("message %q does not contain %q", msg, tc.want.contains)
			}
			if tc.want.resource != "" {
				r := a["matchedResource"].(map[string]interface{})
				if got := fmt.Sprintf("%s/%s/%s", r["group"], r["version"], r["resource"]); got != tc.want.resource {
					t.Errorf("matchedResource %s, want %s", got, tc.want.resource)
				}
			}
			if got := fmt.Sprint(a["params"]); tc.want.params != "" && got != tc.want.params {
				t.Errorf("params %s, want %s", got, tc.want.params)
			}
		})
	}
	if a := answers[99]; a["errored"] == nil {
		t.Errorf("a match for another minor: %v, want errored", a)
	}
}

func TestPipelinedLinesAreAllAnswered(t *testing.T) {
	b := builtMinor(t)
	lines := []string{`{"cmd":"start","version":1}`}
	for seq := 0; seq < 500; seq++ {
		labels := map[bool]string{true: `{"app":"web"}`, false: `{}`}[seq%2 == 0]
		lines = append(lines, match(t, seq, b.Minor,
			`{"kind":"MatchResources","matchResources":{"objectSelector":{"matchLabels":{"app":"web"}}}}`,
			`{"namespaces":{"prod":{"kubernetes.io/metadata.name":"prod"}},"equivalentResources":[]}`,
			createPod("prod", labels)))
	}
	_, answers := converse(t, lines...) // no stop: end of input ends the conversation
	for seq := 0; seq < 500; seq++ {
		want := map[bool]string{true: "match", false: "noMatch"}[seq%2 == 0]
		if got := answers[int64(seq)]["outcome"]; got != want {
			t.Fatalf("seq %d: %v, want %s", seq, answers[int64(seq)], want)
		}
	}
}
