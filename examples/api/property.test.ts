// A property test of your own with matchconform's reference model as the oracle (docs/api.md):
// a tiny matcher that knows only rules.go's Matcher.Matches agrees with kube-apiserver on every
// request, for a MatchResources with one resource rule and matchPolicy Exact.
import { fc, test } from "@fast-check/vitest";
import type { AdmissionRequest, RuleWithOperations } from "matchconform";
import { decide } from "matchconform";
import { admissionRequest, cluster, ruleWithOperations } from "matchconform/generators";
import { expect } from "vitest";

/** The implementation under test: k8s.io/apiserver pkg/admission/plugin/webhook/predicates/rules/rules.go. */
function ruleMatches(rule: RuleWithOperations, r: AdmissionRequest): boolean {
  const has = (list: readonly string[] | undefined, x: string) => (list ?? []).some((v) => v === "*" || v === x);
  const sub = r.subResource ?? "";
  // splitResource: "pods/status" is pods and status, "pods" pods and "", "*/*" anything.
  const resource = (rule.resources ?? []).some((x) => {
    const [res, rsub = ""] = x.split(/\/(.*)/s);
    return (res === "*" || res === r.resource.resource) && (rsub === "*" || rsub === sub);
  });
  const namespaceObject =
    r.resource.group === "" && r.resource.version === "v1" && r.resource.resource === "namespaces";
  const scope =
    rule.scope === undefined || rule.scope === "*"
      ? true
      : rule.scope === "Cluster"
        ? namespaceObject || (r.namespace ?? "") === ""
        : !namespaceObject && (r.namespace ?? "") !== "";
  return (
    has(rule.operations, r.operation) &&
    has(rule.apiGroups, r.resource.group) &&
    has(rule.apiVersions, r.resource.version) &&
    resource &&
    scope
  );
}

const query = admissionRequest({ missingNamespaceRate: 0 }).chain((request) =>
  fc.record({
    request: fc.constant(request),
    rule: ruleWithOperations({ target: request }),
    cluster: cluster(request, { keepRequestNamespace: true }),
  }),
);

test.prop([query], { numRuns: 500 })(
  "one resource rule decides as kube-apiserver does",
  ({ request, rule, cluster }) => {
    const subject = {
      kind: "MatchResources",
      matchResources: { resourceRules: [rule], matchPolicy: "Exact" },
    } as const;
    const { outcome, clauses } = decide(subject, cluster, request, "1.37");
    expect(outcome.outcome, clauses.join(", ")).not.toBe("invalid");
    expect(ruleMatches(rule, request), clauses.join(", ")).toBe(outcome.outcome === "match");
  },
);
