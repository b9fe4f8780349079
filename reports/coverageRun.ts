// How often generated decisions reached each clause of the model: suites/coverage measures it,
// reports/coverageTable.ts prints it.
import type { OutcomeName } from "../oracles/contract/outcome.ts";
import type { ClauseName } from "../oracles/model/clauses.ts";

export interface CoverageRun {
  readonly seed: number;
  readonly scenarios: number;
  readonly hits: ReadonlyMap<ClauseName, number>;
  readonly outcomes: Readonly<Record<OutcomeName, number>>;
}

/** Matches among the decisions on valid subjects (an invalid subject is matched against nothing). */
export function matchRate(run: CoverageRun): number {
  const valid = run.scenarios - run.outcomes.invalid;
  return valid === 0 ? 0 : run.outcomes.match / valid;
}
