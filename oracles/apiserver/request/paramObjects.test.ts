// A query's params as the apiserver oracle realises them: CRDs of groups of their own, objects in
// the query's renamed namespaces, paramKind and paramRef following both.
import { describe, expect, it } from "vitest";
import type { Query } from "../../contract/query.ts";
import { realiseParams } from "./paramObjects.ts";

const query = (over: Partial<Query["cluster"]>, kind = "ValidatingAdmissionPolicy"): Query => ({
  kubernetesVersion: "1.37",
  subject: {
    kind,
    policy: { paramKind: { apiVersion: "example.com/v1", kind: "Limits" } },
    binding: { paramRef: { selector: {}, namespace: "prod", parameterNotFoundAction: "Deny" } },
  } as Query["subject"],
  cluster: {
    namespaces: { prod: {} },
    customKinds: [{ apiVersion: "example.com/v1", kind: "Limits", scope: "Namespaced" }],
    params: [
      { apiVersion: "example.com/v1", kind: "Limits", metadata: { name: "gold", namespace: "prod" }, spec: { max: 3 } },
    ],
    ...over,
  },
  request: {
    operation: "CREATE",
    resource: { group: "", version: "v1", resource: "configmaps" },
    kind: { group: "", version: "v1", kind: "ConfigMap" },
    namespace: "prod",
  },
});

describe("realiseParams", () => {
  const renamed = new Map([["prod", "mc-r-1-prod"]]);

  it("makes the custom kind a CRD of its own group and follows both renamings", () => {
    const r = realiseParams(query({}), renamed, "r");
    if (!r.ok) throw new Error(r.why);
    const [crd] = r.p.crds;
    expect(crd?.realGroup).toMatch(/^g[0-9a-f]{8}\.example\.com$/);
    expect(r.p.paramKind).toEqual({ apiVersion: `${crd?.realGroup}/v1`, kind: "Limits" });
    expect(r.p.paramRef?.namespace).toBe("mc-r-1-prod");
    expect(r.p.objects).toEqual([
      {
        path: `/apis/${crd?.realGroup}/v1/namespaces/mc-r-1-prod/limitss`,
        body: {
          apiVersion: `${crd?.realGroup}/v1`,
          kind: "Limits",
          metadata: { name: "gold", namespace: "mc-r-1-prod" },
          spec: { max: 3 },
        },
      },
    ]);
    expect(r.p.groups).toEqual([["example.com", crd?.realGroup]]);
  });

  it("keeps a paramKind the cluster does not serve as stated: the server reports it missing", () => {
    const r = realiseParams(query({ customKinds: [], params: [] }), renamed, "r");
    expect(r.ok && r.p.paramKind).toEqual({ apiVersion: "example.com/v1", kind: "Limits" });
  });

  it("makes a cluster-scoped kind with params a CRD of the query's own group: the params keep their names", () => {
    const clusterScoped = query({
      customKinds: [{ apiVersion: "example.com/v1", kind: "Limits", scope: "Cluster" }],
      params: [{ apiVersion: "example.com/v1", kind: "Limits", metadata: { name: "gold" } }],
    });
    const group = (q: Query, tag: string) => {
      const r = realiseParams(q, renamed, "r", tag);
      if (!r.ok) throw new Error(r.why);
      return r.p.crds[0]?.realGroup;
    };
    expect(group(clusterScoped, "r-1")).not.toBe(group(clusterScoped, "r-2"));
    expect(group(clusterScoped, "r-1")).toMatch(/^g[0-9a-f]{8}\.example\.com$/);
    const r = realiseParams(clusterScoped, renamed, "r", "r-1");
    expect(r.ok && r.p.objects.map((o) => [o.path, o.body.metadata])).toEqual([
      [`/apis/${group(clusterScoped, "r-1")}/v1/limitss`, { name: "gold" }],
    ]);
    // A namespaced kind's params are in the query's own namespaces: its group is the run's.
    expect(group(query({}), "r-1")).toBe(group(query({}), "r-2"));
  });

  it("skips what it cannot realise, with the reason", () => {
    const webhook = realiseParams(query({}, "ValidatingWebhook"), renamed, "r");
    expect(!webhook.ok && webhook.why).toMatch(/ValidatingWebhook takes no params/);
  });

  it("realises a mutating policy's params as a validating policy's", () => {
    const mutating = realiseParams(query({}, "MutatingAdmissionPolicy"), renamed, "r");
    const validating = realiseParams(query({}), renamed, "r");
    expect(mutating).toEqual(validating);
  });

  it("asks for ConfigMap params only by name, at 1.37: the server's ConfigMap param informer may be stopped for good", () => {
    const configMaps = (ref: Record<string, unknown>, minor: Query["kubernetesVersion"] = "1.37"): Query => {
      const q = query({
        params: [{ apiVersion: "v1", kind: "ConfigMap", metadata: { name: "gold", namespace: "prod" }, data: {} }],
      });
      return {
        ...q,
        kubernetesVersion: minor,
        subject: {
          kind: "ValidatingAdmissionPolicy",
          policy: { paramKind: { apiVersion: "v1", kind: "ConfigMap" } },
          binding: { paramRef: { ...ref, parameterNotFoundAction: "Deny" } },
        } as Query["subject"],
      };
    };
    const bySelector = realiseParams(configMaps({ selector: {} }), renamed, "r");
    expect(!bySelector.ok && bySelector.why).toMatch(/a paramRef selector lists a stale cache/);
    const byNameBefore = realiseParams(configMaps({ name: "gold" }, "1.36"), renamed, "r");
    expect(!byNameBefore.ok && byNameBefore.why).toMatch(/before 1.37 a paramRef name/);
    const byName = realiseParams(configMaps({ name: "gold" }), renamed, "r");
    expect(byName.ok && byName.p.objects.map((o) => o.path)).toEqual(["/api/v1/namespaces/mc-r-1-prod/configmaps"]);
  });
});
