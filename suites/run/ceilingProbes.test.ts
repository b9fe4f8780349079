// A run its ceiling cuts (`run --mode ci`, where --time-limit only guards against a hang) keeps time
// before the ceiling for the behaviour probes on each group's raw example (runContext.ts
// reductionReserveMs, suites/triage/ceilingCut.ts): its causes are keyed by what the implementation
// does, as a complete run's are, not by whichever clause each raw example crossed; they say that
// they are unreduced.
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { startChildMatcher } from "../../oracles/adapters/childMatcher.ts";
import type { Answer, Matcher } from "../../oracles/adapters/matcher.ts";
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

describe("a run its ceiling cuts", () => {
  it("still keys its causes by behaviour, probed on their raw examples, and says they are unreduced", async () => {
    const child = await startChildMatcher(
      `node ${root("examples/simple-matcher/simple-matcher.mjs")} --bug omitted-matchpolicy-exact`,
    );
    started.push(child);
    // Far more work than the ceiling lets a 10 ms implementation do: the ceiling cuts the phases.
    const budget: RunBudget = { numRuns: 3000, invariantRuns: 60, reduce: true, timeLimitMs: 20_000, pacing: "work" };
    const report = await runConformance({
      matcher: oneAtATime(child, 10),
      options: { budget, seed: 1, minors: ["1.37"], caseFiles: [] },
      cases,
      expected: [],
      progress: { phase() {}, tick() {} },
      header: { matchconform: "test", profile: "default", options: {}, replay: "test" },
    });
    expect(report.footer.completion).toMatchObject({ status: "incomplete", cause: "timeLimit" });
    expect(report.buckets.length).toBeGreaterThan(0);
    // Every cause is the one behaviour, however many clauses its raw examples crossed.
    expect([...new Set(report.buckets.map((b) => b.signature))]).toEqual([
      "behaviour takes an omitted matchPolicy as Exact",
    ]);
    const unreduced = report.buckets.filter((b) => b.reduction.status === "unreduced");
    expect(unreduced.length).toBeGreaterThan(0);
    for (const b of unreduced) expect(b.reduction.why).toMatch(/time limit.*probed on the raw example/);
  }, 180_000);
});
