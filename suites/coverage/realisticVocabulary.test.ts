// The realistic vocabulary keeps the distribution it replaced: about half the decisions match,
// and no clause the generators reached before is reached much less often.
import { describe, expect, it } from "vitest";
import type { ClauseName } from "../../oracles/model/clauses.ts";
import { matchRate } from "../../reports/coverageRun.ts";
import { measureCoverage } from "./clauseCoverage.ts";
import baseline from "./mainBaseline.json" with { type: "json" };

/**
 * A clause falls short when it loses more than 10 % of its hits on main, beyond sampling noise:
 * three standard deviations of a count of that size (√n). Without the allowance the comparison
 * measures the seed, not the generators: main against itself at seed 7 instead of 20261201
 * (10,000 scenarios) loses more than 10 % on 20 clauses.
 */
function fallsShort(before: number, after: number): boolean {
  return (before > 0 && after === 0) || after < 0.9 * before - 3 * Math.sqrt(before);
}

/**
 * Clauses main reached as often as it did only because its rolls ignored their rates: a roll was
 * uniform over the doubles' bit patterns, not over [0, 1], so `roll < 0.15` held about 99 % of the
 * time (generators/unitDouble.ts drawUnitRoll). With the rates honoured, 15 % of the CREATEs and
 * DELETEs are unnamed (was 91-94 %), 25 % of a swarm's rules name resources (was nearly all) and
 * 15 % of an unreal cluster's equivalents have no kind (was nearly all): these clauses are reached
 * less, by the rates' own ratio. The default run still reaches each at least 20 times
 * (clauseCoverage.test.ts).
 */
const reachedByIgnoredRates = new Set([
  "matchResources.resourceNamesHit",
  "matchResources.resourceNamesMiss",
  "matchResources.rulesNoMatch",
  "policy.validatingSeesGeneratedName",
  "webhook.validatingSeesGeneratedName",
  "webhook.equivalentUnknownKind",
]);

describe("the realistic vocabulary, over 2,000 scenarios at main's seed", () => {
  const run = measureCoverage({
    numRuns: baseline.scenarios,
    seed: baseline.seed,
    scenario: { manifestEdges: true, unrealInputs: true },
  });

  it("keeps the share of matching decisions among valid subjects within 35–65 %", () => {
    expect(matchRate(run)).toBeGreaterThanOrEqual(0.35);
    expect(matchRate(run)).toBeLessThanOrEqual(0.65);
  });

  it("loses no clause main reached, and none loses more than 10 % of its hits beyond noise", () => {
    const short = Object.entries(baseline.hits as Record<string, number>)
      .filter(([c, n]) => !reachedByIgnoredRates.has(c) && fallsShort(n, run.hits.get(c as ClauseName) ?? 0))
      .map(([c, n]) => `${c}: ${n} -> ${run.hits.get(c as ClauseName) ?? 0}`);
    expect(short).toEqual([]);
  });

  it("tells a real loss from noise", () => {
    expect(fallsShort(100, 90)).toBe(false);
    expect(fallsShort(100, 50)).toBe(true);
    expect(fallsShort(10, 0)).toBe(true);
  });
});
