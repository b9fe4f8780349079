// Families: one subject, cluster and minor per family, several distinct requests in its
// namespaces, the same families for the same seed, and users where the first has one.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sampleFamilies, scenarioFamily } from "./scenarioFamily.ts";

describe("scenarioFamily", () => {
  const families = fc.sample(scenarioFamily({ conditionRate: 0.3, paramRate: 0.2 }), { numRuns: 40, seed: 7 });

  it("shares subject, cluster and minor within a family, with 1 to 16 scenarios", () => {
    for (const f of families) {
      expect(f.length).toBeGreaterThanOrEqual(1);
      expect(f.length).toBeLessThanOrEqual(16);
      for (const s of f) {
        expect(s.subject).toBe(f[0]?.subject);
        expect(s.cluster).toBe(f[0]?.cluster);
        expect(s.kubernetesVersion).toBe(f[0]?.kubernetesVersion);
      }
    }
    // Mostly full: siblings are left out only where the model would not decide them.
    const sizes = families.map((f) => f.length);
    expect(sizes.filter((n) => n >= 8).length).toBeGreaterThan(families.length / 2);
  });

  it("draws its siblings' requests in the cluster's namespaces, distinct, with users where the first has one", () => {
    const siblings = families.flatMap((f) => f.slice(1).map((s) => ({ s, first: f[0] })));
    const namespaced = siblings.filter(({ s }) => (s.request.namespace ?? "") !== "");
    const inCluster = namespaced.filter(({ s }) => s.cluster.namespaces?.[s.request.namespace ?? ""] !== undefined);
    expect(inCluster.length).toBeGreaterThan(namespaced.length * 0.7);
    expect(new Set(siblings.map(({ s }) => JSON.stringify(s.request))).size).toBeGreaterThan(siblings.length * 0.8);
    const users = siblings.filter(({ first }) => first?.request.userInfo !== undefined);
    expect(users.length).toBeGreaterThan(0);
    expect(users.every(({ s }) => s.request.userInfo !== undefined)).toBe(true);
    expect(
      siblings.filter(({ first, s }) => first?.request.userInfo === undefined && s.request.userInfo !== undefined),
    ).toEqual([]);
  });

  it("samples the same scenarios for the same seed, as many as asked", () => {
    expect(sampleFamilies({ conditionRate: 0.5 }, 100, 3).length).toBe(100);
    const a = sampleFamilies({}, 100, 3);
    expect(a.length).toBe(100);
    expect(JSON.stringify(sampleFamilies({}, 100, 3))).toBe(JSON.stringify(a));
  });
});
