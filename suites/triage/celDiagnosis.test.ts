// Divergences in matchConditions read as the CEL they turn on: the part of a condition the
// implementation evaluates otherwise (asked about on its own), or the wording of its errors —
// whichever way round the outcomes came out.
import { fileURLToPath } from "node:url";
import { load } from "js-yaml";
import { describe, expect, it } from "vitest";
import type { Answer, Matcher } from "../../oracles/adapters/matcher.ts";
import { modelMatcher } from "../../oracles/adapters/modelMatcher.ts";
import type { Query } from "../../oracles/contract/query.ts";
import type { RunReport } from "../../reports/runReport.ts";
import { collectCaseFiles } from "../format/collectCaseFiles.ts";
import { loadCaseFile } from "../format/loadCaseFile.ts";
import { workPaced } from "../run/options.ts";
import { runConformance } from "../run/run.ts";

const cases = collectCaseFiles([fileURLToPath(new URL("../cases", import.meta.url))]).flatMap(loadCaseFile);
const silent = { phase() {}, tick() {} };

function runOn(matcher: Matcher): Promise<RunReport> {
  return runConformance({
    matcher,
    // Work-paced, as a gate runs: what is reduced, and so which title a cause has, does not move with the load.
    options: { budget: workPaced("quick"), seed: 11, minors: ["1.37"], caseFiles: [] },
    cases,
    expected: [],
    progress: silent,
    header: { matchconform: "test", profile: "quick", options: {}, replay: "test" },
  });
}

type Conditions = { name?: string; expression?: string }[] | undefined;

/** The model, with every condition's expression rewritten before it decides. */
function rewriting(rewrite: (expression: string) => string, answer: (a: Answer) => Answer = (a) => a): Matcher {
  const model = modelMatcher();
  const change = (list: Conditions) =>
    list?.map((c) => (typeof c?.expression === "string" ? { ...c, expression: rewrite(c.expression) } : c));
  return {
    ...model,
    match: async (q: Query) => {
      const s = q.subject as { policy?: { matchConditions?: Conditions }; webhook?: { matchConditions?: Conditions } };
      const subject =
        s.webhook?.matchConditions !== undefined
          ? { ...q.subject, webhook: { ...s.webhook, matchConditions: change(s.webhook.matchConditions) } }
          : s.policy?.matchConditions !== undefined
            ? { ...q.subject, policy: { ...s.policy, matchConditions: change(s.policy.matchConditions) } }
            : q.subject;
      return answer(await model.match({ ...q, subject } as Query));
    },
  };
}

const conditionsOf = (caseFile: string): Conditions => {
  const [c] = load(caseFile) as {
    subject: { webhook?: { matchConditions?: Conditions }; policy?: { matchConditions?: Conditions } };
  }[];
  return c?.subject.webhook?.matchConditions ?? c?.subject.policy?.matchConditions;
};

describe("a CEL bug in matchConditions", () => {
  it("is keyed on the function it lives in, with the part alone as its minimal case", async () => {
    // startsWith answered as endsWith: true or false, depending on the expression.
    const report = await runOn(rewriting((e) => e.replaceAll(".startsWith(", ".endsWith(")));
    const bucket = report.buckets.find((b) => b.signature === "cel startsWith");
    expect(bucket, report.buckets.map((b) => b.signature).join("\n")).toBeDefined();
    expect(bucket?.title).toMatch(
      /^matchConditions: startsWith evaluates otherwise than in kube-apiserver's CEL, where .*startsWith\(/,
    );
    const [part] = conditionsOf(bucket?.example.caseFile ?? "") ?? [];
    expect(part?.name).toBe("part");
    expect(part?.expression).toMatch(/^\(.*\.startsWith\(.*\) == /);
    // The rewritten expression shows in the implementation's messages too (evaluation errors, and
    // compile errors quoting the expression): those are message-only buckets, and that is all else.
    const others = report.buckets.map((b) => b.signature).filter((k) => k !== "cel startsWith");
    expect(others.filter((k) => !k.endsWith(" · another message"))).toEqual([]);
  }, 120_000);

  it("in the wording of its errors alone is one cause, whichever function erred", async () => {
    const reworded = (a: Answer): Answer =>
      a.answer === "outcome" && a.outcome.outcome === "error"
        ? {
            ...a,
            outcome: {
              ...a.outcome,
              message: a.outcome.message.replace(/resulted in error: .*/, "resulted in error: oops"),
            },
          }
        : a;
    const report = await runOn(rewriting((e) => e, reworded));
    expect(report.buckets.map((b) => b.signature)).toEqual(["cel messages · another message"]);
    const bucket = report.buckets[0];
    expect(bucket?.title).toMatch(/^matchConditions: the implementation's CEL words its evaluation errors otherwise/);
    // The minimal case keeps the words the implementation leaves out, so replaying it fails there too.
    expect(bucket?.example.caseFile).toMatch(/contains: .*resulted in error: /);
  }, 120_000);

  it("without kube-apiserver's framing of a denial alone is one cause named for the framing, not for CEL", async () => {
    // The reason word for word ("expression '…' resulted in error: …"), the framing before it dropped.
    const unframed = (a: Answer): Answer =>
      a.answer === "outcome" && a.outcome.outcome === "error"
        ? { ...a, outcome: { ...a.outcome, message: a.outcome.message.replace(/^.*? denied request: /, "") } }
        : a;
    const report = await runOn(rewriting((e) => e, unframed));
    expect(
      report.buckets.map((b) => b.signature),
      report.buckets.map((b) => `${b.title}\n${b.example.caseFile}`).join("\n"),
    ).toEqual(["denial framing · another message"]);
    expect(report.buckets[0]?.title).toMatch(
      /^fails the request with kube-apiserver's reason word for word but without its framing: kube-apiserver's message puts "(.* )?denied request: " before the reason, the implementation's gives the reason alone$/,
    );
  }, 120_000);
});
