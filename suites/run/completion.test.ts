// The verdict per situation: a run cut short of its profile's minimum by the clock is incomplete
// (exit 3, with what was done of what was promised), never green and never "divergence found";
// start-up that ran out of its own budget is named; a complete run exits 0 or 1; and once causes
// are found, time is kept for reducing them before more scenarios are asked.
import { describe, expect, it } from "vitest";
import { modelMatcher } from "../../oracles/adapters/modelMatcher.ts";
import { badge } from "../../reports/badge.ts";
import type { Bucket } from "../../reports/runReport.ts";
import { FailureLog } from "../triage/failureLog.ts";
import type { RunEnd, WorkDone } from "./completion.ts";
import { completionOf, exitCodeOf, startUpFailure } from "./completion.ts";
import { profiles } from "./options.ts";
import { runConformance } from "./run.ts";
import { RunContext } from "./runContext.ts";

const quick = profiles.quick;
const all: WorkDone = {
  corpus: { done: 674, inScope: 674 },
  generated: { done: 300, inScope: true },
  invariantSamples: Array(24).fill(20),
  buckets: [],
};
const end: RunEnd = {
  answered: 1500,
  failures: 0,
  abandoned: 0,
  timeLimitMs: 20_000,
  startUpMs: 12_000,
  machine: "load average 24.0 on 2 cores",
};
const cause = { expectedFailure: undefined, reduction: { status: "minimal" } } as unknown as Bucket;

describe("the verdict of a run", () => {
  it.each([
    ["the whole promise done, nothing diverging", all, end, [], 0, "complete"],
    ["the whole promise done, one cause", all, end, [cause], 1, "complete"],
    [
      "the floors reached, not the profile's counts",
      { ...all, generated: { done: 100, inScope: true } },
      end,
      [],
      0,
      "complete",
    ],
    ["the clock ran out in the corpus", { ...all, corpus: { done: 400, inScope: 674 } }, end, [], 3, "timeLimit"],
    [
      "the clock ran out before the generated floor",
      { ...all, generated: { done: 99, inScope: true } },
      end,
      [],
      3,
      "timeLimit",
    ],
    [
      "the clock ran out, a cause found all the same",
      { ...all, generated: { done: 0, inScope: true } },
      end,
      [cause],
      1,
      "timeLimit",
    ],
    ["nothing in scope to generate", { ...all, generated: { done: 0, inScope: false } }, end, [], 0, "complete"],
    ["the implementation declared broken", all, { ...end, broken: "3 restarts" }, [cause], 2, "implementation"],
    ["no answer in time to what was asked", all, { ...end, answered: 0, abandoned: 64 }, [], 2, "implementation"],
    ["interrupted", all, { ...end, interrupted: "SIGTERM" }, [], 3, "interrupted"],
  ] as const)("%s: exit %i", (_, work, e, buckets, code, status) => {
    const c = completionOf(quick, { ...work, buckets }, e);
    expect(c.status === "complete" ? "complete" : c.cause).toBe(status);
    expect(exitCodeOf(c, buckets)).toBe(code);
  });

  it("says how much was done of what was promised, and what start-up took, when the clock ran out", () => {
    const c = completionOf(
      quick,
      { ...all, corpus: { done: 0, inScope: 674 }, generated: { done: 0, inScope: true } },
      end,
    );
    expect(c.status === "incomplete" && c.reason).toBe(
      "the time limit (20 s from the implementation's ready) ran out before the promised work was done: 0 of 674 corpus tests, 0 of 100 generated scenarios (the floor) (start-up took 12 s before it; load average 24.0 on 2 cores)",
    );
  });

  it("counts the causes left unreduced by the time limit as promised work not done", () => {
    const unreduced = {
      ...cause,
      reduction: { status: "unreduced", why: "the run's time limit came before this reduction" },
    } as unknown as Bucket;
    const c = completionOf(quick, { ...all, buckets: [cause, unreduced] }, end);
    expect(c.status === "incomplete" && c.shortfalls).toEqual([{ work: "reduction", done: 1, promised: 2 }]);
    expect(exitCodeOf(c, [cause, unreduced])).toBe(1);
  });

  it("names start-up when a child did not answer start within start-up's own budget", () => {
    expect(startUpFailure("the implementation did not answer start within 20000 ms", 20_000)).toBe(
      "start-up did not end within its budget of 20 s: the implementation did not answer start within 20000 ms",
    );
    expect(startUpFailure("the implementation exited with code 1 before answering start", 20_000)).toBe(
      "the implementation exited with code 1 before answering start",
    );
  });

  it("gives no time to the phases past a zero time limit, and says so: exit 3, a grey badge", async () => {
    const report = await runConformance({
      matcher: modelMatcher(),
      options: { budget: { ...quick, timeLimitMs: 0 }, seed: 1, minors: ["1.37"], caseFiles: [] },
      cases: [],
      expected: [],
      progress: { phase() {}, tick() {} },
      header: { matchconform: "test", profile: "quick", options: {}, replay: "test" },
    });
    expect(report.footer.exitCode).toBe(3);
    expect(report.footer.completion).toMatchObject({ status: "incomplete", cause: "timeLimit" });
    expect(report.footer.verdict?.kind).toBe("nothingTested");
    expect(report.footer.verdict?.text).toMatch(/^Nothing was tested: the time limit \(0\.0 s/);
    expect(badge(report)).toMatchObject({ message: "not tested", color: "lightgrey" });
  });
});

describe("the time kept for reduction", () => {
  it("is none without causes, grows with the causes found, and ends the phases once reached", () => {
    const failures = new FailureLog();
    const ctx = new RunContext(
      modelMatcher(),
      {
        budget: { ...profiles.default, timeLimitMs: 60_000 },
        seed: 1,
        minors: ["1.37"],
        caseFiles: [],
      },
      failures,
      { phase() {}, tick() {} },
    );
    ctx.enter("generated");
    expect(ctx.reductionReserveMs()).toBe(0);
    expect(ctx.phaseOver()).toBe(false);
    const q = { kubernetesVersion: "1.37", subject: {}, cluster: {}, request: {} } as never;
    const add = (i: number) =>
      failures.add(`clause${i}`, () => ({ phase: "generated", query: q, expected: q, actual: q }), "1.37", "generated");
    add(1);
    const one = ctx.reductionReserveMs();
    expect(one).toBeGreaterThan(0);
    for (let i = 2; i <= 40; i++) add(i);
    // No answer yet: each costs all the time so far, so the reserve reaches its cap and the phase ends.
    expect(ctx.reductionReserveMs()).toBeGreaterThan(one);
    expect(ctx.reductionReserveMs()).toBeLessThanOrEqual(0.7 * 60_000);
    ctx.enter("reduction");
    expect(ctx.phaseOver()).toBe(false);
    ctx.dispose();
  });
});
