// Work pacing (`run --mode ci`): a run's work is fixed by its seed and budget, so that a slow or a
// loaded implementation, whose answers come later and in another order, gets the same causes; the
// time limit is only a ceiling, and a run that reaches it is incomplete (exit 3), never green.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { Answer, Matcher } from "../../oracles/adapters/matcher.ts";
import { modelMatcher } from "../../oracles/adapters/modelMatcher.ts";
import type { MatchResources } from "../../oracles/contract/kube.ts";
import type { Query } from "../../oracles/contract/query.ts";
import type { RunReport } from "../../reports/runReport.ts";
import { collectCaseFiles } from "../format/collectCaseFiles.ts";
import { loadCaseFile } from "../format/loadCaseFile.ts";
import type { RunBudget } from "./options.ts";
import { runConformance } from "./run.ts";

const cases = collectCaseFiles([fileURLToPath(new URL("../cases/bindings.yaml", import.meta.url))]).flatMap(
  loadCaseFile,
);

const work: RunBudget = { numRuns: 300, invariantRuns: 10, reduce: true, timeLimitMs: 600_000, pacing: "work" };

function runOn(matcher: Matcher, budget: RunBudget = work): Promise<RunReport> {
  return runConformance({
    matcher,
    options: { budget, seed: 5, minors: ["1.37"], caseFiles: [] },
    cases,
    expected: [],
    progress: { phase() {}, tick() {} },
    header: { matchconform: "test", profile: "quick", options: {}, replay: "test" },
  });
}

/**
 * Two bugs of the simple matcher's kind, in the model: an omitted matchPolicy taken as Exact, and
 * the policy's own matchConstraints ignored under a binding.
 */
function buggy(): Matcher {
  const model = modelMatcher();
  const everything = {
    resourceRules: [{ operations: ["*"], apiGroups: ["*"], apiVersions: ["*"], resources: ["*/*"] }],
  };
  return {
    ...model,
    subjects: ["ValidatingAdmissionPolicy"],
    match: (q) => {
      const s = q.subject;
      if (s.kind !== "ValidatingAdmissionPolicy") return model.match(q);
      const constraints: MatchResources | undefined = s.binding ? everything : s.policy.matchConstraints;
      const exact = constraints && { ...constraints, matchPolicy: constraints.matchPolicy ?? "Exact" };
      return model.match({ ...q, subject: { ...s, policy: { ...s.policy, matchConstraints: exact } } } as Query);
    },
  };
}

/** The same answers, each after 0 to 3 ms drawn from a fixed sequence: later, and in another order. */
function slowed(m: Matcher): Matcher {
  let state = 12345;
  const nextDelay = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % 4;
  };
  return {
    ...m,
    match: async (q) => {
      const delay = nextDelay();
      const a = await m.match(q);
      return new Promise<Answer>((resolve) => setTimeout(() => resolve(a), delay));
    },
  };
}

function causes(r: RunReport) {
  return r.buckets.map((b) => ({
    key: b.signature,
    title: b.title,
    count: b.count,
    status: b.reduction.status,
    caseFile: b.example.caseFile,
  }));
}

describe("a work-paced run", () => {
  it("finds, reduces and names the same causes when the implementation answers later and out of order", async () => {
    const fast = await runOn(buggy());
    const slow = await runOn(slowed(buggy()));
    expect(fast.buckets.length).toBeGreaterThanOrEqual(2);
    expect(fast.buckets.every((b) => b.reduction.status === "minimal")).toBe(true);
    expect(causes(slow)).toEqual(causes(fast));
    expect(slow.footer.generated.scenarios).toBe(fast.footer.generated.scenarios);
    expect(slow.footer.completion).toEqual({ status: "complete" });
    expect(slow.footer.exitCode).toBe(1);
  }, 600_000);

  it("is incomplete (exit 3) when its ceiling ends it, and says the clock did", async () => {
    const model = modelMatcher();
    let answered = 0;
    // Answers the first questions, then hangs: work was done, but not all of it.
    const hangs: Matcher = {
      ...model,
      match: (q) => (answered++ < 50 ? model.match(q) : new Promise<Answer>(() => {})),
    };
    const report = await runOn(hangs, { ...work, timeLimitMs: 1000 });
    expect(report.footer.exitCode).toBe(3);
    expect(report.footer.completion).toMatchObject({ status: "incomplete", cause: "timeLimit" });
    const c = report.footer.completion;
    const reason = c?.status === "incomplete" ? c.reason : "";
    expect(reason).toMatch(/^the time limit \(a ceiling against a hang, 1\.0 s from the implementation's ready;/);
    expect(report.footer.notRun?.reason).toBe("time limit");
  }, 60_000);
});
