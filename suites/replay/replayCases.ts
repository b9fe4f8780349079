// Runs every test of every case at every applicable minor and compares with the expectation.
import { satisfies } from "../../oracles/contract/agreement.ts";
import type { Test } from "../../oracles/contract/case.ts";
import type { Expected, Outcome } from "../../oracles/contract/outcome.ts";
import type { ClauseName } from "../../oracles/model/clauses.ts";
import { decide } from "../../oracles/model/decide.ts";
import type { Minor } from "../../oracles/model/versions.ts";
import type { LoadedCase } from "../format/loadCaseFile.ts";

export interface TestResult {
  readonly file: string;
  readonly caseDescription: string;
  readonly testDescription: string;
  readonly minor: Minor;
  readonly expected: Expected;
  readonly actual: Outcome;
  readonly clauses: readonly ClauseName[];
  readonly passed: boolean;
}

/** The minors to run a case at: all of its own, or only the one asked for. */
export function minorsFor(c: LoadedCase, only: Minor | undefined): readonly Minor[] {
  return only === undefined ? c.minors : c.minors.filter((m) => m === only);
}

export function replayWithModel(cases: readonly LoadedCase[], only?: Minor): TestResult[] {
  return cases.flatMap((c) => minorsFor(c, only).flatMap((minor) => c.tests.map((t) => replayTest(c, t, minor))));
}

function replayTest(c: LoadedCase, t: Test, minor: Minor): TestResult {
  const decision = decide(c.subject, t.cluster ?? c.cluster ?? {}, t.request, minor);
  return {
    file: c.file,
    caseDescription: c.description,
    testDescription: t.description,
    minor,
    expected: t.expected,
    actual: decision.outcome,
    clauses: decision.clauses,
    passed: satisfies(t.expected, decision.outcome),
  };
}
