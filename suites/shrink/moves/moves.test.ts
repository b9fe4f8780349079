// Each kind of move on small hand-made queries, one table per kind: the moves it offers (by what the
// report's trail calls them), and that each one leaves a query the loader and the model's
// validation accept, plainer by its kind's count (plainness.ts). Rows read as facts.
import { describe, expect, it } from "vitest";
import type { LabelSelector, MatchResources, RuleWithOperations } from "../../../oracles/contract/kube.ts";
import type { Query } from "../../../oracles/contract/query.ts";
import type { Subject } from "../../../oracles/contract/subject.ts";
import { decide } from "../../../oracles/model/decide.ts";
import { wellFormed } from "../normaliseQuery.ts";
import type { MoveKind } from "../plainness.ts";
import { plainness } from "../plainness.ts";
import { moveKinds } from "../simplifications.ts";

const rule = (over: Partial<RuleWithOperations> = {}): RuleWithOperations => ({
  operations: ["CREATE"],
  apiGroups: [""],
  apiVersions: ["v1"],
  resources: ["pods"],
  ...over,
});
const mr = (m: MatchResources): Subject => ({ kind: "MatchResources", matchResources: m });
const ns = (name: string, labels: Record<string, string> = {}) => ({
  [name]: { ...labels, "kubernetes.io/metadata.name": name },
});
const pod = (name: string, labels?: Record<string, string>) => ({
  apiVersion: "v1",
  kind: "Pod",
  metadata: { name, namespace: "prod", ...(labels && { labels }) },
});

/** CREATE pods prod/web under one rule for it: the plainest query, changed a little by each row. */
function query(
  over: { subject?: Subject; cluster?: Query["cluster"]; request?: Partial<Query["request"]> } = {},
): Query {
  return {
    kubernetesVersion: "1.37",
    subject: over.subject ?? mr({ resourceRules: [rule()] }),
    cluster: over.cluster ?? { namespaces: ns("prod") },
    request: {
      operation: "CREATE",
      resource: { group: "", version: "v1", resource: "pods" },
      kind: { group: "", version: "v1", kind: "Pod" },
      namespace: "prod",
      name: "web",
      object: pod("web"),
      ...over.request,
    },
  };
}

/** A CREATE of group/resource named `name`, under one rule for that resource. */
function ofResource(group: string, resource: string, kind: string, name: string): Query {
  const apiVersion = group === "" ? "v1" : `${group}/v1`;
  return query({
    subject: mr({ resourceRules: [rule({ apiGroups: [group], resources: [resource] })] }),
    request: {
      resource: { group, version: "v1", resource },
      kind: { group, version: "v1", kind },
      name,
      object: { apiVersion, kind, metadata: { name, namespace: "prod" } },
    },
  });
}

const valid = (q: Query) =>
  wellFormed(q) && decide(q.subject, q.cluster, q.request, q.kubernetesVersion).outcome.outcome !== "invalid";

type Row = readonly [fact: string, q: Query, whats: readonly string[]];

function holds(kind: MoveKind, rows: readonly Row[]): void {
  describe(kind, () => {
    it.each(rows)("%s", (_fact, q, whats) => {
      expect(valid(q)).toBe(true);
      const moves = moveKinds[kind](q);
      expect(moves.map((m) => m.what)).toEqual(whats);
      for (const m of moves) {
        expect(valid(m.query), m.what).toBe(true);
        expect(plainness(m.query)[kind], m.what).toBeLessThan(plainness(q)[kind]);
      }
    });
  });
}

const selector: LabelSelector = { matchLabels: { "example.com/tier": "frontend" } };

holds("simplerSubjects", [
  ["MatchResources is already the simplest subject", query(), []],
  [
    "a mutating policy is asked as its constraints, its binding's resources, and as a validating policy",
    query({
      subject: {
        kind: "MutatingAdmissionPolicy",
        policy: { matchConstraints: { resourceRules: [rule()] } },
        binding: { matchResources: { resourceRules: [rule()] } },
      },
    }),
    [
      "ask the policy's matchConstraints alone",
      "ask the binding's matchResources alone",
      "a validating policy instead",
    ],
  ],
  [
    "a mutating webhook is asked as MatchResources, and as a validating webhook",
    query({ subject: { kind: "MutatingWebhook", webhook: { rules: [rule()] } } }),
    ["ask the webhook's rules and selectors as MatchResources", "a validating webhook instead"],
  ],
]);

holds("excludesAsIncludes", [
  ["without exclude rules there is nothing to turn round", query(), []],
  [
    "each exclude rule is asked as the only resource rule",
    query({ subject: mr({ resourceRules: [rule()], excludeResourceRules: [rule(), rule({ operations: ["*"] })] }) }),
    ["exclude rule 0 asked as the only resource rule", "exclude rule 1 asked as the only resource rule"],
  ],
]);

holds("canonicalRequests", [
  ["CREATE of pods named web is canonical", query(), []],
  [
    "an UPDATE becomes a CREATE",
    query({ request: { operation: "UPDATE", oldObject: pod("web") } }),
    ["a CREATE instead of an UPDATE"],
  ],
  [
    "a DELETE becomes a CREATE of the old object, or an UPDATE to it",
    query({ request: { operation: "DELETE", object: null, oldObject: pod("web") } }),
    ["a CREATE instead of a DELETE", "an UPDATE instead of a DELETE"],
  ],
  [
    "pods/status becomes pods, in the rules too",
    query({
      subject: mr({ resourceRules: [rule({ resources: ["pods/status"] })] }),
      request: { subResource: "status" },
    }),
    ["the main resource instead of a subresource"],
  ],
  [
    "an invented resource becomes pods, and an invented name web",
    ofResource("example.com", "widgets", "Widget", "x"),
    ["the resource pods instead of widgets", "the name web"],
  ],
  [
    "a real cluster's resource and name stay (deployments.apps named coredns)",
    ofResource("apps", "deployments", "Deployment", "coredns"),
    [],
  ],
]);

holds("everythingRule", [
  ["a rule list that is not empty stays", query(), []],
  [
    "an empty rule list becomes the one rule for everything",
    query({ subject: mr({ resourceRules: [] }) }),
    ["one rule for everything instead of no rules"],
  ],
]);

holds("wildcardRules", [
  [
    "a rule already all stars has nothing to widen",
    query({ subject: mr({ resourceRules: [rule({ operations: ["*"], apiGroups: ["*"], apiVersions: ["*"] })] }) }),
    [],
  ],
  [
    "operations, groups and versions become stars one list at a time",
    query(),
    ['rule 0\'s operations as "*"', 'rule 0\'s apiGroups as "*"', 'rule 0\'s apiVersions as "*"'],
  ],
]);

holds("exactResources", [
  ["a rule naming the resource stays", query(), []],
  [
    "a wildcard resource becomes the request's own",
    query({ subject: mr({ resourceRules: [rule({ resources: ["*"] })] }) }),
    ["rule 0's wildcard resources as pods"],
  ],
]);

holds("kindedEquivalents", [
  ["an equivalent with its kind stays", query(), []],
  [
    "a kindless equivalent is given the request's kind",
    query({
      cluster: {
        namespaces: ns("prod"),
        equivalentResources: [
          { resource: { group: "", version: "v1", resource: "pods" }, kind: { group: "", version: "v1", kind: "" } },
        ],
      },
    }),
    ["equivalent 0 with its kind"],
  ],
]);

holds("ownNamespace", [
  ["the request's namespace exists", query(), []],
  [
    "a missing namespace is made to exist, also labelled as the namespaceSelector asks",
    query({
      subject: mr({ resourceRules: [rule()], namespaceSelector: selector }),
      cluster: { namespaces: ns("dev") },
    }),
    ["the namespace prod exists", "the namespace prod exists, labelled as its namespaceSelector asks"],
  ],
]);

// A removal may take away what validation requires (a rule's operations): its table says which
// moves it offers and which it never does, and holds each to its count alone.
describe("removals", () => {
  const q = query({
    subject: mr({ resourceRules: [rule()], namespaceSelector: selector }),
    cluster: { namespaces: { ...ns("prod"), ...ns("dev") } },
    request: { object: pod("web", { app: "web" }) },
  });
  const whats = moveKinds.removals(q).map((m) => m.what);
  it.each([
    ["a namespace the request is not in", "without cluster.namespaces.dev"],
    ["an object's label", "without request.object.metadata.labels.app"],
    ["a whole selector, before its parts", "without subject.matchResources.namespaceSelector"],
    ["a field of the last rule", "without subject.matchResources.resourceRules.0.operations"],
  ])("takes away %s", (_fact, what) => expect(whats).toContain(what));
  it.each([
    ["the last include rule", "without subject.matchResources.resourceRules.0"],
    ["the request's own namespace", "without cluster.namespaces.prod"],
    ["the name label the API server always sets", "without cluster.namespaces.dev.kubernetes.io/metadata.name"],
  ])("keeps %s", (_fact, what) => expect(whats).not.toContain(what));
  it("takes a whole selector before its parts", () => {
    const whole = whats.indexOf("without subject.matchResources.namespaceSelector");
    const part = whats.indexOf("without subject.matchResources.namespaceSelector.matchLabels");
    expect(whole).toBeGreaterThanOrEqual(0);
    expect(whole).toBeLessThan(part);
  });
  it("makes the query shorter with every move the reducer would ask", () => {
    for (const m of moveKinds.removals(q))
      expect(plainness(m.query).removals, m.what).toBeLessThan(plainness(q).removals);
  });
});

holds("shorterLabels", [
  ["short labels stay", query({ request: { object: pod("web", { app: "web" }) } }), []],
  [
    "a long key and a long value are renamed everywhere",
    query({
      subject: mr({ resourceRules: [rule()], objectSelector: selector }),
      request: { object: pod("web", { "example.com/tier": "frontend" }) },
    }),
    ["the label key app instead of example.com/tier", "the label value web instead of frontend"],
  ],
  [
    "a real cluster's labels stay (app.kubernetes.io/name: prometheus)",
    query({ request: { object: pod("web", { "app.kubernetes.io/name": "prometheus" }) } }),
    [],
  ],
]);
