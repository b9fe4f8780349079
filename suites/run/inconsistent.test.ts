// An implementation that answers the same query two ways (a counter, Math.random, a flipping child)
// gets its own finding, with both answers, and exit 2 naming it: never a cause whose example shows
// the same answer on both sides.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { cli } from "../../cli/cliTestKit.ts";
import type { Matcher } from "../../oracles/adapters/matcher.ts";
import { modelMatcher } from "../../oracles/adapters/modelMatcher.ts";
import { loadModuleMatcher } from "../../oracles/adapters/moduleMatcher.ts";
import { formatAnswer } from "../../reports/answerText.ts";
import { badge } from "../../reports/badge.ts";
import reportSchema from "../../reports/run-report.schema.json" with { type: "json" };
import { runNotes } from "../../reports/runNotes.ts";
import type { RunReport } from "../../reports/runReport.ts";
import caseSchema from "../cases/case-file.schema.json" with { type: "json" };
import { collectCaseFiles } from "../format/collectCaseFiles.ts";
import { loadCaseFile } from "../format/loadCaseFile.ts";
import type { Respondent } from "./options.ts";
import { workPaced } from "./options.ts";
import { runConformance } from "./run.ts";

const cases = collectCaseFiles([fileURLToPath(new URL("../cases", import.meta.url))]).flatMap(loadCaseFile);
const budget = { ...workPaced("quick"), numRuns: 60, invariantRuns: 5 };
const flipping = fileURLToPath(new URL("./fixtures/flippingModule.mjs", import.meta.url));
const miniature = fileURLToPath(new URL("./fixtures/podsStarMiniature.mjs", import.meta.url));
const faulty = fileURLToPath(new URL("./chaos/faultyMatcher.mjs", import.meta.url));

const ajv = new Ajv({ strict: false, validateFormats: false });
ajv.addSchema(caseSchema);
const validReport = ajv.compile(reportSchema);

function runOn(matcher: Matcher, respondent?: Respondent): Promise<RunReport> {
  return runConformance({
    matcher,
    options: { budget, seed: 7, minors: ["1.37"], caseFiles: [], respondent },
    cases,
    expected: [],
    progress: { phase() {}, tick() {} },
    header: { matchconform: "test", profile: "quick", options: {}, replay: "test" },
  });
}

/** The reference model, its answer turned round whenever the same query is asked a second time. */
function secondAnswerFlipped(): Matcher {
  const model = modelMatcher();
  const asked = new Set<string>();
  return {
    ...model,
    match: async (q) => {
      const a = await model.match(q);
      const key = JSON.stringify(q);
      const again = asked.has(key);
      asked.add(key);
      if (!again || a.answer !== "outcome" || a.outcome.outcome === "error" || a.outcome.outcome === "invalid")
        return a;
      return {
        answer: "outcome",
        outcome: a.outcome.outcome === "match" ? { outcome: "noMatch" } : { outcome: "match" },
      };
    },
  };
}

function expectFinding(r: RunReport): void {
  const f = r.footer.inconsistentAnswers;
  expect(f?.queries).toBeGreaterThan(0);
  for (const e of f?.examples ?? []) expect(formatAnswer(e.first)).not.toBe(formatAnswer(e.second));
  // No behaviour cause, not even apart as an unreal input.
  expect(r.buckets).toEqual([]);
  expect(r.unrealInputs).toBeUndefined();
  expect(r.footer.verdict?.kind).toBe("inconsistent");
  expect(r.footer.exitCode).toBe(2);
  const c = r.footer.completion;
  expect(c?.status === "incomplete" && c.cause).toBe("implementation");
  expect(c?.status === "incomplete" && c.reason).toMatch(/^the implementation answers the same query differently/);
}

describe("an implementation that answers the same query two ways", () => {
  it("in-process: a query asked again gets the other answer: a finding with both answers, no cause", async () => {
    const r = await runOn(secondAnswerFlipped());
    expectFinding(r);
    expect(validReport(r), JSON.stringify(validReport.errors)).toBe(true);
  }, 120_000);

  it("the real server (verify) answering two ways: the infrastructure's fault, its own cause and exit 4", async () => {
    const r = await runOn(secondAnswerFlipped(), "server");
    const f = r.footer.inconsistentAnswers;
    expect(f?.queries).toBeGreaterThan(0);
    expect(r.buckets).toEqual([]);
    expect(r.footer.exitCode).toBe(4);
    const c = r.footer.completion;
    expect(c?.status === "incomplete" && c.cause).toBe("unreliableServer");
    expect(c?.status === "incomplete" && c.reason).toMatch(
      /^the server is unreliable: kube-apiserver answered the same query differently .*infrastructure's fault/,
    );
    expect(r.footer.verdict?.text).toMatch(/^The server is unreliable/);
    expect(badge(r).message).toBe("unreliable server");
    expect(
      runNotes(r)
        .map((n) => n.text)
        .join("\n"),
    ).toMatch(/^server \(the infrastructure's fault, exit 4\)/m);
    expect(validReport(r), JSON.stringify(validReport.errors)).toBe(true);
  }, 120_000);

  it("an in-process module answering by a counter", async () => {
    const r = await runOn(await loadModuleMatcher(flipping));
    expectFinding(r);
  }, 120_000);

  it("a deterministic bug is not taken for one: the miniature keeps its cause", async () => {
    const r = await runOn(await loadModuleMatcher(miniature));
    expect(r.footer.inconsistentAnswers).toBeUndefined();
    expect(r.buckets.length).toBeGreaterThan(0);
    expect(r.footer.exitCode).toBe(1);
  }, 120_000);

  it("a child that flips: exit 2, the message names the implementation, every format says it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "matchconform-flip-"));
    const { code, err } = await cli(
      "run",
      "--implementation",
      `node ${faulty} --fault flip --after 5`,
      "--num-runs",
      "60",
      "--profile",
      "quick",
      "--report-dir",
      dir,
    );
    expect(code, err).toBe(2);
    expect(err).toMatch(/matchconform: the implementation answers the same query differently \(\d+ quer/);
    const report = JSON.parse(readFileSync(join(dir, "report.json"), "utf8")) as RunReport;
    expectFinding(report);
    for (const file of ["report.md", "report.html"])
      expect(readFileSync(join(dir, file), "utf8")).toContain("answers the same query differently");
    expect(JSON.parse(readFileSync(join(dir, "badge.json"), "utf8")).message).toBe("inconsistent answers");
  }, 180_000);
});
