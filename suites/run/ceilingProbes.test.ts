// A run its ceiling cuts (`run --mode ci`, where --time-limit only guards against a hang) keeps time
// before the ceiling for the behaviour probes on each group's raw example (runContext.ts
// reductionReserveMs, suites/triage/ceilingCut.ts): its causes are keyed by what the implementation
// does, as a complete run's are, not by whichever clause each raw example crossed; they say that
// they are unreduced.
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { startChildMatcher } from "../../oracles/adapters/childMatcher.ts";
import type { Answer, Matcher } from "../../oracles/adapters/matcher.ts";
import type { RunReport } from "../../reports/runReport.ts";
import { collectCaseFiles } from "../format/collectCaseFiles.ts";
import { loadCaseFile } from "../format/loadCaseFile.ts";
import type { RunBudget } from "./options.ts";
import { runConformance } from "./run.ts";

const root = (p: string) => fileURLToPath(new URL(`../../${p}`, import.meta.url));
const cases = ["defaulting.yaml", "matchPolicy.yaml", "webhooks.yaml", "bindings.yaml"].flatMap((f) =>
  collectCaseFiles([root(`suites/cases/${f}`)]).flatMap(loadCaseFile),
);

const started: Matcher[] = [];
let closed = false;
afterAll(async () => {
  closed = true;
  await Promise.all(started.map((m) => m.close()));
}, 60_000);

/** The child's answers one at a time, each `ms` late: an implementation far slower than its profile expects. */
function oneAtATime(m: Matcher, ms: number): Matcher {
  let queue: Promise<unknown> = Promise.resolve();
  return {
    ...m,
    match: (q) => {
      const answer = queue.then(async (): Promise<Answer> => {
        await new Promise((r) => setTimeout(r, ms));
        return closed ? new Promise<Answer>(() => {}) : m.match(q);
      });
      queue = answer.catch(() => undefined);
      return answer;
    },
  };
}

/** The run against `m` with `budget`; its wall time, ms, beside the report. */
async function timedRun(m: Matcher, budget: RunBudget): Promise<{ report: RunReport; ms: number }> {
  const t0 = performance.now();
  const report = await runConformance({
    matcher: m,
    options: { budget, seed: 1, minors: ["1.37"], caseFiles: [] },
    cases,
    expected: [],
    progress: { phase() {}, tick() {} },
    header: { matchconform: "test", profile: "default", options: {}, replay: "test" },
  });
  return { report, ms: performance.now() - t0 };
}

/**
 * Corpus runs the ceiling is worth. The test is about the clock, so its ceiling derives from work
 * measured now rather than from a figure that a loaded machine (load 70 on 2 cores) makes too short:
 * three corpus runs leave room for the corpus (one), the behaviour probes on each group's raw
 * example (callsPerProbe, some 30 calls a group) and the questions in flight, at this machine's
 * present speed, and stay far short of the 5000 scenarios and 1440 invariant samples asked for
 * (some 40 corpus runs of calls), so the ceiling always cuts the phases.
 */
const corpusRunsPerCeiling = 3;

describe("a run its ceiling cuts", () => {
  it("still keys its causes by behaviour, probed on their raw examples, and says they are unreduced", async () => {
    const child = await startChildMatcher(
      `node ${root("examples/simple-matcher/simple-matcher.mjs")} --bug omitted-matchpolicy-exact`,
      { startTimeoutMs: 60_000 },
    );
    started.push(child);
    const slow = oneAtATime(child, 10);
    // The measured work: the corpus alone, nothing reduced, no clock.
    const corpusOnly: RunBudget = {
      numRuns: 0,
      invariantRuns: 0,
      reduce: false,
      timeLimitMs: Number.POSITIVE_INFINITY,
      pacing: "work",
    };
    const calibration = await timedRun(slow, corpusOnly);
    expect(calibration.report.footer.completion).toEqual({ status: "complete" });
    const timeLimitMs = Math.max(6000, Math.round(corpusRunsPerCeiling * calibration.ms));
    // Far more work than the ceiling lets a 10 ms implementation do: the ceiling cuts the phases.
    const budget: RunBudget = { numRuns: 5000, invariantRuns: 60, reduce: true, timeLimitMs, pacing: "work" };
    const { report } = await timedRun(slow, budget);
    const why = `ceiling ${timeLimitMs} ms, ${corpusRunsPerCeiling} corpus runs of ${Math.round(calibration.ms)} ms`;
    expect(report.footer.completion, why).toMatchObject({ status: "incomplete", cause: "timeLimit" });
    expect(report.buckets.length, why).toBeGreaterThan(0);
    // Every cause is the one behaviour, however many clauses its raw examples crossed.
    const shown = report.buckets.map(
      (b) => `${b.signature} (${JSON.stringify(b.phases)}, ${b.reduction.why ?? "reduced"})`,
    );
    expect([...new Set(report.buckets.map((b) => b.signature))], `${why}: ${shown.join("; ")}`).toEqual([
      "behaviour takes an omitted matchPolicy as Exact",
    ]);
    const unreduced = report.buckets.filter((b) => b.reduction.status === "unreduced");
    expect(unreduced.length, why).toBeGreaterThan(0);
    for (const b of unreduced) expect(b.reduction.why).toMatch(/time limit.*probed on the raw example/);
  }, 600_000);
});
