// A query's own param CRD moved into a slot: the same realisation but for the group, which every
// part that names it follows; slot groups differ by run and slot, never by query.
import { describe, expect, it } from "vitest";
import type { Query } from "../../contract/query.ts";
import { realiseParams } from "./paramObjects.ts";
import { inSlot, slotGroup } from "./paramSlot.ts";

const query: Query = {
  kubernetesVersion: "1.37",
  subject: {
    kind: "ValidatingAdmissionPolicy",
    policy: { paramKind: { apiVersion: "example.com/v1", kind: "ClusterLimits" } },
    binding: { paramRef: { selector: {}, parameterNotFoundAction: "Deny" } },
  } as Query["subject"],
  cluster: {
    namespaces: { prod: {} },
    customKinds: [
      { apiVersion: "example.com/v1", kind: "Limits", scope: "Namespaced" },
      { apiVersion: "example.com/v1", kind: "ClusterLimits", scope: "Cluster" },
    ],
    params: [{ apiVersion: "example.com/v1", kind: "ClusterLimits", metadata: { name: "gold" } }],
  },
  request: {
    operation: "CREATE",
    resource: { group: "", version: "v1", resource: "configmaps" },
    kind: { group: "", version: "v1", kind: "ConfigMap" },
    namespace: "prod",
  },
};

const realised = (tag: string) => {
  const r = realiseParams(query, new Map(), "r", tag);
  if (!r.ok) throw new Error(r.why);
  return r.p;
};

describe("inSlot", () => {
  it("is the query's realisation with its own group replaced, every other part unchanged", () => {
    const p = realised("r-1");
    const [own] = p.own;
    const crd = p.crds.find((c) => c.realGroup === own);
    if (own === undefined || crd === undefined) throw new Error("no own CRD");
    const to = slotGroup("r", 0, crd);
    const moved = inSlot(p, own, to);
    expect(JSON.stringify(moved)).toBe(JSON.stringify(p).split(own).join(to));
    expect(moved.paramKind).toEqual({ apiVersion: `${to}/v1`, kind: "ClusterLimits" });
    expect(moved.objects.map((o) => o.path)).toEqual([`/apis/${to}/v1/clusterlimitss`]);
    expect(moved.groups).toContainEqual(["example.com", to]);
    expect(moved.own).toEqual([to]);
  });

  it("gives two queries of the same kind the same slot's group, and two slots two groups", () => {
    const [a, b] = [realised("r-1"), realised("r-2")].map((p) => p.crds.find((c) => p.own.includes(c.realGroup)));
    if (a === undefined || b === undefined) throw new Error("no own CRD");
    expect(a.realGroup).not.toBe(b.realGroup);
    expect(slotGroup("r", 3, a)).toBe(slotGroup("r", 3, b));
    expect(slotGroup("r", 3, a)).not.toBe(slotGroup("r", 4, a));
    expect(slotGroup("r", 3, a)).not.toBe(slotGroup("s", 3, a));
    expect(slotGroup("r", 3, a)).toMatch(/^g[0-9a-f]{8}\.example\.com$/);
  });

  it("leaves the run's shared groups alone: only a cluster-scoped kind with params is a query's own", () => {
    const p = realised("r-1");
    expect(p.own).toHaveLength(1);
    expect(p.crds.filter((c) => !p.own.includes(c.realGroup)).map((c) => c.kind)).toEqual(["Limits"]);
  });
});
