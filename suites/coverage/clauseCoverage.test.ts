import { describe, expect, it } from "vitest";
import { clauseNames, clauses } from "../../oracles/model/clauses.ts";
import { matchRate } from "../../reports/coverageRun.ts";
import { measureCoverage } from "./clauseCoverage.ts";

describe("clause coverage of the default generated run", () => {
  const run = measureCoverage();

  it("reaches every reachable clause at least 20 times", () => {
    const under = clauseNames
      .filter((c) => clauses[c].reachable && clauses[c].generated && (run.hits.get(c) ?? 0) < 20)
      .map((c) => `${c}: ${run.hits.get(c)}`);
    expect(under).toEqual([]);
  });

  it("keeps the match rate among valid subjects between 30% and 70%", () => {
    expect(matchRate(run)).toBeGreaterThan(0.3);
    expect(matchRate(run)).toBeLessThan(0.7);
  });

  it("produces every outcome", () => {
    expect(Object.values(run.outcomes).every((n) => n > 0)).toBe(true);
  });
});

describe("clause coverage of a run with matchConditions, users and params", () => {
  // As the runner draws for an implementation that claims both features, at a higher rate.
  const run = measureCoverage({
    numRuns: 20_000,
    seed: 20261202,
    scenario: { manifestEdges: true, unrealInputs: true, conditionRate: 0.45, paramRate: 0.45 },
  });
  // Needs a binding whose validationActions lack Deny together with an erring condition under
  // Fail: the corpus reaches it (matchConditions-policies.yaml), the generators not yet.
  const corpusOnly = new Set(["policy.conditionErrorNotDenied"]);

  it("reaches every clause that the default run leaves to conditions and params at least 10 times", () => {
    const under = clauseNames
      .filter((c) => clauses[c].reachable && !clauses[c].generated && !corpusOnly.has(c) && (run.hits.get(c) ?? 0) < 10)
      .map((c) => `${c}: ${run.hits.get(c)}`);
    expect(under).toEqual([]);
  });

  it("still reaches every clause of the default run", () => {
    const missed = clauseNames.filter((c) => clauses[c].reachable && clauses[c].generated && !run.hits.get(c));
    expect(missed).toEqual([]);
  });
});
