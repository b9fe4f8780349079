// The realistic draws stay inside what a real server can be asked: every built-in request is one
// the apiserver oracle realises, every custom one comes with its CRD's versions, and no draw
// holds an equivalent without a kind unless unrealInputs asks for it.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { realisable } from "../oracles/apiserver/request/resources.ts";
import { isBuiltinGroup } from "../oracles/contract/features.ts";
import { admissionRequest } from "./admissionRequest.ts";
import { cluster } from "./cluster.ts";
import { realisticBuiltins, realisticCustom, realisticTypes } from "./realisticResources.ts";
import { scenario } from "./scenario.ts";

describe("the realistic vocabulary", () => {
  it("draws built-in requests the apiserver oracle realises", () => {
    const requests = fc.sample(admissionRequest({ resources: realisticBuiltins, missingNamespaceRate: 0 }), {
      seed: 3,
      numRuns: 600,
    });
    const unrealisable = requests
      .filter((r) => (r.name ?? "") !== "")
      .map((r) => [r, realisable(r)] as const)
      // Labels a status or scale UPDATE cannot carry are the request generator's (its labels are
      // drawn for every resource alike), not the vocabulary's: left to the apiserver oracle.
      .filter(([, x]) => !x.ok && !/labels/.test(x.why))
      .map(([r, x]) => `${r.operation} ${r.resource.resource}/${r.subResource ?? ""}: ${x.ok ? "" : x.why}`);
    expect(unrealisable).toEqual([]);
  });

  it("declares a custom resource's CRD versions, each with its kind", () => {
    for (const r of fc.sample(admissionRequest({ resources: realisticCustom }), { seed: 4, numRuns: 200 })) {
      const [c] = fc.sample(cluster(r), { seed: 1, numRuns: 1 });
      const eq = c?.equivalentResources ?? [];
      expect(eq.map((e) => e.resource.version)).toContain(r.resource.version);
      for (const e of eq) {
        expect(e.kind.kind).toBe(r.kind.kind);
        expect(e.kind.version).toBe(e.resource.version);
      }
    }
  });

  it("holds built-in and custom resources, of both scopes, with subresources", () => {
    expect(realisticTypes.some((t) => !isBuiltinGroup(t.group))).toBe(true);
    expect(realisticTypes.some((t) => t.group === "gateway.networking.k8s.io")).toBe(true);
    expect(realisticTypes.some((t) => !t.namespaced)).toBe(true);
    expect(realisticTypes.some((t) => t.subresources.some((s) => s.operations.includes("CONNECT")))).toBe(true);
  });

  it("draws no kindless equivalent unless unrealInputs is on", () => {
    const kindless = (unrealInputs: boolean) =>
      fc
        .sample(scenario({ unrealInputs, swarm: { focus: "equivalents" } }), { seed: 5, numRuns: 400 })
        .filter((s) => (s.cluster.equivalentResources ?? []).some((e) => e.kind.kind === "")).length;
    expect(kindless(false)).toBe(0);
    expect(kindless(true)).toBeGreaterThan(0);
  });

  it("draws realistic scenarios: real namespaces, CRDs, and resourceNames with *", () => {
    const drawn = fc.sample(scenario({ swarm: { focus: "realistic", resourceNames: true } }), {
      seed: 6,
      numRuns: 400,
    });
    expect(drawn.some((s) => s.request.namespace === "kube-system")).toBe(true);
    expect(drawn.some((s) => !isBuiltinGroup(s.request.resource.group))).toBe(true);
    expect(drawn.some((s) => JSON.stringify(s.subject).includes('"resourceNames":["*"'))).toBe(true);
  });
});
