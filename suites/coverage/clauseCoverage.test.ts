import { describe, expect, it } from "vitest";
import { clauseNames, clauses } from "../../oracles/model/clauses.ts";
import { matchRate, measureCoverage } from "./clauseCoverage.ts";

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
