// What a replay found, test by test, and what it left out: suites/replay produces it,
// reports/replayText.ts renders it.
import type { Answer } from "../oracles/adapters/matcher.ts";
import type { Expected } from "../oracles/contract/outcome.ts";
import type { Minor } from "../oracles/contract/versions.ts";
import type { ClauseName } from "../oracles/model/clauses.ts";

export interface TestResult {
  readonly file: string;
  readonly caseDescription: string;
  readonly testDescription: string;
  readonly minor: Minor;
  readonly expected: Expected;
  readonly answer: Answer;
  /** The reference model's clauses for this test. */
  readonly clauses: readonly ClauseName[];
  readonly result: "passed" | "failed" | "skipped";
}

/** A case left out at some minors, and why. */
export interface NotRun {
  readonly file: string;
  readonly caseDescription: string;
  readonly minors: readonly Minor[];
  readonly reason: string;
}
