// How many generated decisions went through each clause of the model, and the outcome mix.

import fc from "fast-check";
import type { ScenarioConstraints } from "../../generators/scenario.ts";
import { scenario } from "../../generators/scenario.ts";
import type { OutcomeName } from "../../oracles/contract/outcome.ts";
import type { ClauseName } from "../../oracles/model/clauses.ts";
import { clauseNames } from "../../oracles/model/clauses.ts";
import { decide } from "../../oracles/model/decide.ts";
import type { CoverageRun } from "../../reports/coverageRun.ts";

export interface CoverageOptions {
  readonly numRuns: number;
  readonly seed: number;
  readonly scenario?: ScenarioConstraints;
}

/** The default run: enough scenarios for every reachable clause to be hit at least 20 times. */
export const defaultCoverage: CoverageOptions = { numRuns: 20_000, seed: 20261201 };

export function measureCoverage(options: CoverageOptions = defaultCoverage): CoverageRun {
  const hits = new Map<ClauseName, number>(clauseNames.map((c) => [c, 0]));
  const outcomes: Record<OutcomeName, number> = { match: 0, noMatch: 0, error: 0, invalid: 0 };
  // The upstream agreement's sample (its seed and count, manifest edges and unreal inputs on)
  // unless told otherwise.
  const samples = fc.sample(scenario(options.scenario ?? { manifestEdges: true, unrealInputs: true }), {
    numRuns: options.numRuns,
    seed: options.seed,
  });
  for (const s of samples) {
    const d = decide(s.subject, s.cluster, s.request, s.kubernetesVersion);
    outcomes[d.outcome.outcome]++;
    for (const c of d.clauses) hits.set(c, (hits.get(c) ?? 0) + 1);
  }
  return { seed: options.seed, scenarios: samples.length, hits, outcomes };
}
