// A case timeout is a clock, and a loaded machine can make a healthy implementation miss it: the
// case is sent once more with twice the time before it counts, and a question that still gets no
// answer decides nothing (exit 3, naming the clock), never a cause.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { AnswerLatency } from "../../oracles/adapters/answerLatency.ts";
import { startChildMatcher } from "../../oracles/adapters/childMatcher.ts";
import type { Matcher } from "../../oracles/adapters/matcher.ts";
import { modelMatcher } from "../../oracles/adapters/modelMatcher.ts";
import type { RunReport } from "../../reports/runReport.ts";
import { workPaced } from "./options.ts";
import { runConformance } from "./run.ts";

const stallOnce = fileURLToPath(new URL("./fixtures/stallOnce.mjs", import.meta.url));
const budget = { ...workPaced("quick"), numRuns: 40, invariantRuns: 2 };

function runOn(matcher: Matcher): Promise<RunReport> {
  return runConformance({
    matcher,
    options: { budget, seed: 3, minors: ["1.37"], caseFiles: [] },
    cases: [],
    expected: [],
    progress: { phase() {}, tick() {} },
    header: { matchconform: "test", profile: "quick", options: {}, replay: "test" },
  });
}

describe("the case timeout", () => {
  it("a child that stalls once: the case is asked again and answered, the run green", async () => {
    const marker = join(mkdtempSync(join(tmpdir(), "matchconform-stall-")), "stalled");
    const m = await startChildMatcher(`node ${stallOnce} ${marker} 10`, { caseTimeoutMs: 1000 });
    try {
      const r = await runOn(m);
      expect(r.footer.implementationHealth?.timeouts).toBe(1);
      expect(r.footer.implementationHealth?.restarts).toBe(1);
      expect(r.buckets).toEqual([]);
      expect(r.footer.completion).toEqual({ status: "complete" });
      expect(r.footer.exitCode).toBe(0);
    } finally {
      await m.close();
    }
  }, 120_000);

  it("a question that times out even when asked again decides nothing: exit 3, naming the clock", async () => {
    const model = modelMatcher();
    let n = 0;
    const timesOutOnce: Matcher = {
      ...model,
      // As the child adapter answers a case that missed the timeout twice, once in the run.
      match: async (q) =>
        ++n === 7
          ? { answer: "broken", problem: "timeout", message: "no answer within 1000 ms, twice", stderr: [] }
          : model.match(q),
    };
    const r = await runOn(timesOutOnce);
    expect(r.buckets).toEqual([]);
    const c = r.footer.completion;
    expect(c?.status === "incomplete" && c.cause).toBe("caseTimeout");
    expect(c?.status === "incomplete" && c.reason).toMatch(
      /^the case timeout \(a clock, --case-timeout\) ran out on 1 question/,
    );
    expect(r.footer.exitCode).toBe(3);
  }, 120_000);

  it("follows the answers' latency, up to ten times the configured timeout, twice that for a retry", () => {
    const l = new AnswerLatency();
    expect(l.timeoutMs(1000, false)).toBe(1000);
    for (let i = 0; i < 100; i++) l.add(900);
    expect(l.timeoutMs(1000, false)).toBeCloseTo(4500, -1);
    expect(l.timeoutMs(1000, true)).toBeCloseTo(9000, -1);
    for (let i = 0; i < 200; i++) l.add(60_000);
    expect(l.timeoutMs(1000, false)).toBe(10_000);
  });
});
