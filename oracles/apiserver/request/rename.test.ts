// renameQuery: every namespace, and the name of a cluster-scoped object, becomes the query's own,
// consistently in the cluster, the request, its objects and the subject's name-label selectors
// and resourceNames; what names neither stays as the case states it.
import { describe, expect, it } from "vitest";
import type { Query } from "../../contract/query.ts";
import { matchEverything, tenantCollectionItem } from "../testQueries.ts";
import { nameLabel, originalNames, renameQuery, uniqueName } from "./rename.ts";

const withSelector: Query = {
  ...matchEverything,
  cluster: { namespaces: { bystand: { [nameLabel]: "bystand", env: "a" } } },
  subject: {
    kind: "MatchResources",
    matchResources: {
      namespaceSelector: { matchLabels: { [nameLabel]: "bystand" } },
      objectSelector: { matchExpressions: [{ key: nameLabel, operator: "In", values: ["bystand", "other"] }] },
      resourceRules: [
        { operations: ["*"], apiGroups: ["*"], apiVersions: ["*"], resources: ["*"], resourceNames: ["cm"] },
      ],
    },
  },
};

describe("renameQuery", () => {
  const r = renameQuery(withSelector, "mc-r-1", false);
  const mr = r.query.subject.kind === "MatchResources" ? r.query.subject.matchResources : undefined;

  it.each([
    ["the request's namespace", r.query.request.namespace, "mc-r-1-bystand"],
    [
      "the object's namespace",
      (r.query.request.object?.metadata as { namespace?: string } | undefined)?.namespace,
      "mc-r-1-bystand",
    ],
    ["a namespaced object's name stays", r.query.request.name, "cm"],
    ["a name-label selector", mr?.namespaceSelector?.matchLabels?.[nameLabel], "mc-r-1-bystand"],
    [
      "an unknown namespace in a name-label expression stays",
      mr?.objectSelector?.matchExpressions?.[0]?.values?.[1],
      "other",
    ],
    ["a namespaced object's resourceNames stay", mr?.resourceRules?.[0]?.resourceNames?.[0], "cm"],
    ["the cluster's namespace label", r.query.cluster.namespaces?.["mc-r-1-bystand"]?.[nameLabel], "mc-r-1-bystand"],
    ["the cluster's other labels stay", r.query.cluster.namespaces?.["mc-r-1-bystand"]?.env, "a"],
  ])("%s", (_, got, want) => {
    expect(got).toBe(want);
  });

  it("gives a cluster-scoped object's name, and its resourceNames, the query's own", () => {
    const c = renameQuery(withSelector, "mc-r-1", true);
    const m = c.query.subject.kind === "MatchResources" ? c.query.subject.matchResources : undefined;
    expect(c.query.request.name).toBe("mc-r-1-cm");
    expect(m?.resourceRules?.[0]?.resourceNames).toEqual(["mc-r-1-cm"]);
  });

  it("gives the stored object of a nameless cluster-scoped request (a deletecollection's item) the query's own name", () => {
    const item: Query = { ...matchEverything, cluster: {}, request: tenantCollectionItem };
    const [a, b] = [renameQuery(item, "mc-r-1", true), renameQuery(item, "mc-r-2", true)];
    const oldName = (x: typeof a) => (x.query.request.oldObject?.metadata as { name?: string } | undefined)?.name;
    expect([oldName(a), oldName(b)]).toEqual(["mc-r-1-acme", "mc-r-2-acme"]);
    expect(a.query.request.name).toBe("");
    expect(originalNames('namespaces.example.com "mc-r-1-acme" already exists', a)).toContain('"acme"');
    // A namespaced kind's stored object lives in the query's own namespace: its name stays.
    expect(oldName(renameQuery(item, "mc-r-1", false))).toBe("acme");
  });

  it("puts the case's names back into a server message", () => {
    expect(originalNames('namespace "mc-r-1-bystand" denied', r)).toBe('namespace "bystand" denied');
  });

  it.each([
    ["a plain name", "web", "mc-r-1-web"],
    ["a capital is lowered", "Web", "mc-r-1-web"],
    ["a name no DNS label can hold is hashed", "a.b", /^mc-r-1-[0-9a-f]{10}$/],
    ["a name too long for a label is hashed", "x".repeat(60), /^mc-r-1-[0-9a-f]{10}$/],
  ])("uniqueName: %s", (_, name, want) => {
    expect(uniqueName("mc-r-1", name)).toMatch(want);
  });
});
