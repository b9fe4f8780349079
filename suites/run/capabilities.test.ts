// Declared capabilities end to end: a matcher that claims less is sent nothing outside its claim
// (simple-matcher answers errored for anything outside it), the budget is spent inside it, and
// the reports say what was claimed and why anything was skipped.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { startChildMatcher } from "../../oracles/adapters/childMatcher.ts";
import type { Matcher } from "../../oracles/adapters/matcher.ts";
import { modelMatcher } from "../../oracles/adapters/modelMatcher.ts";
import { runHtml } from "../../reports/runHtml.ts";
import { runMarkdown } from "../../reports/runMarkdown.ts";
import type { RunReport } from "../../reports/runReport.ts";
import { summary } from "../../reports/runText.ts";
import { collectCaseFiles } from "../format/collectCaseFiles.ts";
import { loadCaseFile } from "../format/loadCaseFile.ts";
import { workPaced } from "./options.ts";
import { runConformance } from "./run.ts";

const cases = collectCaseFiles([fileURLToPath(new URL("../cases", import.meta.url))]).flatMap(loadCaseFile);
const simpleMatcher = fileURLToPath(new URL("../../examples/simple-matcher/simple-matcher.mjs", import.meta.url));
// Work-paced: the same scenarios asked and reduced whatever the load.
const budget = { ...workPaced("quick"), numRuns: 200 };

async function runOn(matcher: Matcher): Promise<RunReport> {
  try {
    return await runConformance({
      matcher,
      options: { budget, seed: 11, minors: ["1.37"], caseFiles: [] },
      cases,
      expected: [],
      progress: { phase() {}, tick() {} },
      header: { matchconform: "test", profile: "quick", options: {}, replay: "test" },
    });
  } finally {
    await matcher.close();
  }
}

const declaring = (flags: string) => startChildMatcher(`node ${simpleMatcher} ${flags}`, { startTimeoutMs: 10_000 });

describe("simple-matcher declaring CREATE only, no subresources, no validation", async () => {
  const report = await runOn(await declaring("--operations CREATE --subresources none --no-feature validation"));
  const f = report.footer;

  it("is sent nothing outside its claim: no errored answer, nothing skipped", () => {
    expect(f.implementationFailures).toBe(0);
    expect([f.corpus.skipped, f.generated.skipped]).toEqual([0, 0]);
    expect(report.buckets).toEqual([]);
  });

  it("spends the whole numRuns budget inside its claim", () => {
    expect(f.generated.scenarios).toBe(budget.numRuns);
    expect(f.skips.generated).toEqual({ total: budget.numRuns, skipped: 0, reasons: [] });
  });

  it("counts the corpus tests it was not sent, by reason", () => {
    const reasons = Object.fromEntries(f.skips.corpus.reasons.map((r) => [r.reason, r.count]));
    expect(reasons["operation UPDATE not claimed"]).toBeGreaterThan(0);
    expect(reasons["API validation not claimed"]).toBeGreaterThan(0);
    expect(f.skips.corpus.reasons.every((r) => r.by === "scope")).toBe(true);
    expect(f.skips.corpus.skipped).toBe(f.skips.corpus.reasons.reduce((n, r) => n + r.count, 0));
  });

  it("shows the claimed profile next to the full one in every report", () => {
    expect(report.header.capabilities).toMatchObject({ operations: ["CREATE"], subresources: [] });
    expect(runMarkdown(report)).toMatch(/\| operation \| UPDATE \| supported \| \*\*not claimed\*\* \|/);
    expect(runHtml(report)).toContain("<h2>Profile</h2>");
    expect(summary(report)).toMatch(/feature validation +not claimed/);
    expect(summary(report)).not.toMatch(/operation CREATE/); // what it claims is not listed on a terminal
  });
});

describe("simple-matcher declaring none of the optional features", async () => {
  const off = "validation,defaulting,equivalent,exemptions,missingNamespaces,customResources,unboundPolicies";
  const report = await runOn(await declaring(`--no-feature ${off}`));

  it("is sent nothing outside its claim in any phase", () => {
    expect(report.footer.implementationFailures).toBe(0);
    expect(report.buckets).toEqual([]);
    expect(report.footer.generated.scenarios).toBe(budget.numRuns);
  });
});

describe("simple-matcher with a declared profile", () => {
  it("answers errored for a message outside it, so that a leak shows", () => {
    const match = {
      cmd: "match",
      seq: 1,
      kubernetesVersion: "1.37",
      subject: { kind: "MatchResources", matchResources: {} },
      cluster: { namespaces: {}, equivalentResources: [] },
      request: {
        operation: "DELETE",
        resource: { group: "", version: "v1", resource: "nodes" },
        kind: { group: "", version: "v1", kind: "Node" },
        name: "n",
        oldObject: { apiVersion: "v1", kind: "Node", metadata: { name: "n" } },
      },
    };
    const input = [{ cmd: "start", version: 1 }, match, { cmd: "stop" }].map((m) => JSON.stringify(m)).join("\n");
    const out = spawnSync("node", [simpleMatcher, "--operations", "CREATE"], { input, encoding: "utf8" });
    const [, answer] = out.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(answer.errored.message).toBe("sent outside my declared capabilities: operation DELETE");
  });
});

describe("an implementation that skips without declaring", async () => {
  const model = modelMatcher();
  const createOnly: Matcher = {
    ...model,
    match: async (q) =>
      q.request.operation === "CREATE" ? model.match(q) : { answer: "skipped", message: "only CREATE is modelled" },
  };
  const report = await runOn(createOnly);

  it("has its skip messages counted per phase", () => {
    const [top] = report.footer.skips.generated.reasons;
    expect(top).toMatchObject({ by: "implementation", reason: "only CREATE is modelled" });
    expect(top?.count).toBe(report.footer.generated.skipped);
  });

  it("says on the first screen that most of the run was skipped", () => {
    const firstScreen = summary(report).split("\n").slice(0, 8).join("\n");
    expect(firstScreen).toMatch(/warning: \d+% of the generated scenarios were not decided .*only CREATE is modelled/);
  });
});
