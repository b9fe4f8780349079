// An implementation declared broken is asked nothing more: the cases it never answered (never sent,
// or in flight when it was given up on) are not run, with that reason, never failed divergences;
// and a divergence it did show is not reduced into, nor ranked by, answers it never gave.
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startChildMatcher } from "../../oracles/adapters/childMatcher.ts";
import type { Matcher } from "../../oracles/adapters/matcher.ts";
import type { RunReport } from "../../reports/runReport.ts";
import { collectCaseFiles } from "../format/collectCaseFiles.ts";
import { loadCaseFile } from "../format/loadCaseFile.ts";
import { workPaced } from "./options.ts";
import { runConformance } from "./run.ts";

const cases = collectCaseFiles([fileURLToPath(new URL("../cases", import.meta.url))]).flatMap(loadCaseFile);
const faulty = fileURLToPath(new URL("./chaos/faultyMatcher.mjs", import.meta.url));

const started: Matcher[] = [];
afterAll(() => Promise.all(started.map((m) => m.close())), 30_000);

/** The run against `node faultyMatcher.mjs --fault <fault>`, no time limit: only the implementation stops it. */
async function runAgainst(fault: string): Promise<RunReport> {
  // Generous start-up: the machine may be loaded; the run itself has no clock.
  const matcher = await startChildMatcher(`node ${faulty} --fault ${fault}`, { startTimeoutMs: 60_000 });
  started.push(matcher);
  return runConformance({
    matcher,
    options: {
      budget: { ...workPaced("quick"), numRuns: 200, invariantRuns: 5, timeLimitMs: Number.POSITIVE_INFINITY },
      seed: 3,
      minors: ["1.37"],
      caseFiles: [],
    },
    cases,
    expected: [],
    progress: { phase() {}, tick() {} },
    header: { matchconform: "test", profile: "quick", options: {}, replay: "test" },
  });
}

describe("a run whose implementation is declared broken part way", () => {
  // Answers noMatch to everything, and from its 50th request on writes a stray line before each
  // answer: the 21st stray line gets it declared broken with dozens of cases in flight.
  let r: RunReport;
  beforeAll(async () => {
    r = await runAgainst("babble");
  }, 180_000);

  it("ends as an implementation that could not be used (exit 2), naming why", () => {
    expect(r.footer.exitCode).toBe(2);
    expect(r.footer.completion).toMatchObject({ status: "incomplete", cause: "implementation" });
    expect(r.footer.implementationHealth?.broken).toMatch(/lines that are not protocol messages/);
    // The line every format leads with says so too, not only "N causes of divergence".
    expect(r.footer.verdict?.text).toMatch(
      /causes? of divergence; then the implementation was declared broken: child 1/,
    );
  });

  it("counts what it never answered as not run, with the reason, each corpus test exactly once", () => {
    const c = r.footer.corpus;
    const notRun = r.footer.notRun;
    expect(notRun?.reason).toBe("the implementation was declared broken");
    expect(notRun?.corpus).toBeGreaterThan(0);
    const shortfall = r.footer.completion?.status === "incomplete" ? r.footer.completion.shortfalls : [];
    const promised = shortfall.find((s) => s.work === "corpus")?.promised;
    expect(c.passed + c.failed + c.skipped + (notRun?.corpus ?? 0)).toBe(promised);
    // The child answered noMatch to each case it answered: every failure is one of those answers.
    expect(r.footer.implementationFailures).toBe(0);
  });

  it("reports only what it did answer: no cause is an answer it never gave", () => {
    expect(r.buckets.length).toBeGreaterThan(0);
    for (const b of r.buckets) {
      expect(b.signature).not.toMatch(/^implementation /);
      expect(b.example.actual, b.signature).toMatchObject({ answer: "outcome", outcome: { outcome: "noMatch" } });
      // Reductions asked a broken implementation nothing it answered: the raw example stands, saying why.
      if (b.reduction.status === "unreduced") expect(b.reduction.why).toMatch(/declared broken|reduction is off/);
      // Its share of the realistic mix was not measured from non-answers.
      expect(b.impact).toBeUndefined();
    }
  });
});

describe("a run whose implementation never answers at all", () => {
  it("has no cause made of cases it was never asked", async () => {
    // Exits after each ready: restarted until declared broken, without one answer.
    const r = await runAgainst("exit-after-ready");
    expect(r.footer.exitCode).toBe(2);
    expect(r.footer.notRun?.reason).toBe("the implementation was declared broken");
    // The few cases sent to a child that exited under them, each twice, crashed it (line-protocol.md);
    // every other one is not run.
    expect(r.footer.corpus.failed).toBeLessThanOrEqual(8);
    expect(r.footer.corpus.passed).toBe(0);
    for (const b of r.buckets) expect(b.example.actual).toMatchObject({ answer: "broken", problem: "crashed" });
  }, 180_000);
});
