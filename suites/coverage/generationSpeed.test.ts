// The generators draw in plain code now (generators/draw.ts), for speed: the clause coverage they
// reach at fixed seeds holds against the counts main's fast-check combinators reached there
// (generationBaseline.json, written by recordGenerationBaseline.ts at commit 1dca73f).
import { describe, expect, it } from "vitest";
import type { ClauseName } from "../../oracles/model/clauses.ts";
import { measureCoverage } from "./clauseCoverage.ts";
import baseline from "./generationBaseline.json" with { type: "json" };
import { generationSamples } from "./generationSamples.ts";

// A generator that draws the same distribution with other values (a redraw loop taken away, say)
// reaches a clause a count that differs from the baseline's by the sampling noise of two draws:
// each count is Poisson, so their difference has variance 2n. For a clause hit 11 times at this
// seed count that is ±5 hits a standard deviation, where 10 % is one hit: a clause fails when it
// loses more than 10 % and more than three such deviations. A generator that draws the very
// values (generators/draw.ts) reaches the very counts.
const noise = (n: number) => 3 * Math.sqrt(2 * n);

describe.each(generationSamples.map((s, i) => [s.seed, s, baseline.runs[i]] as const))(
  "clause coverage at seed %i",
  (_seed, sample, before) => {
    const run = measureCoverage(sample);

    it("is measured on the sample the baseline was", () => {
      expect(before).toMatchObject({ numRuns: sample.numRuns, seed: sample.seed, scenario: sample.scenario });
    });

    it("loses no more than 10 % of any clause's hits, beyond what sampling explains", () => {
      const short = Object.entries(before?.hits ?? {})
        .filter(([c, n]) => (run.hits.get(c as ClauseName) ?? 0) < Math.min(0.9 * n, n - noise(n)))
        .map(([c, n]) => `${c}: ${n} -> ${run.hits.get(c as ClauseName) ?? 0}`);
      expect(short).toEqual([]);
    });

    it("keeps the outcome mix within 10 %", () => {
      for (const [outcome, n] of Object.entries(before?.outcomes ?? {}))
        expect(run.outcomes[outcome as keyof typeof run.outcomes]).toBeGreaterThanOrEqual(0.9 * n);
    });
  },
);
