// The report of a run that never got going: the implementation was started but would not answer
// start, or declared nothing the run could ask. Every count is zero; the header says why.
import { fullCapabilities } from "../oracles/contract/capabilities.ts";
import type { Minor } from "../oracles/contract/versions.ts";
import { clauseNames } from "../oracles/model/clauses.ts";
import type { RunReport } from "../reports/runReport.ts";

export interface Unfinished {
  readonly header: Omit<
    RunReport["header"],
    "startedAt" | "implementation" | "input" | "kubernetesVersions" | "capabilities"
  >;
  readonly implementation: RunReport["header"]["implementation"];
  readonly kubernetesVersions: readonly Minor[];
  readonly startedAt: number;
  readonly why: string;
}

export function unfinishedReport(u: Unfinished): RunReport {
  return {
    header: {
      ...u.header,
      startedAt: new Date(Date.now() - (performance.now() - u.startedAt)).toISOString(),
      implementation: u.implementation,
      input: "manifest",
      kubernetesVersions: u.kubernetesVersions,
      capabilities: fullCapabilities,
      partial: u.why,
    },
    buckets: [],
    expectedFailures: { stillFailing: [], noLongerFailing: [] },
    footer: {
      corpus: { passed: 0, failed: 0, skipped: 0 },
      generated: { scenarios: 0, agreed: 0, diverged: 0, skipped: 0, timeToFirstDivergenceMs: null },
      invariants: [],
      firstFailureMs: null,
      skips: {
        corpus: { total: 0, skipped: 0, reasons: [] },
        generated: { total: 0, skipped: 0, reasons: [] },
        invariants: { total: 0, skipped: 0, reasons: [] },
      },
      implementationFailures: 0,
      clauseCoverage: Object.fromEntries(clauseNames.map((c) => [c, 0])),
      durationMs: Math.round(performance.now() - u.startedAt),
      exitCode: 2,
    },
  };
}
