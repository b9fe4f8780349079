// One bug hiding another (suites/triage/unmask.ts), with the simple matcher's real switches on the
// corpus's matchPolicy cases. Taking an omitted matchPolicy as Exact also diverges on every exclude
// through an equivalent, so "excludeResourceRules matched as Exact" reduced into its minimal case
// and was never reported; asked again with the matchPolicy said, its examples show it on its own.
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { startChildMatcher } from "../../oracles/adapters/childMatcher.ts";
import type { Matcher } from "../../oracles/adapters/matcher.ts";
import type { RunReport } from "../../reports/runReport.ts";
import { collectCaseFiles } from "../format/collectCaseFiles.ts";
import { loadCaseFile } from "../format/loadCaseFile.ts";
import type { RunBudget } from "./options.ts";
import { runConformance } from "./run.ts";

const root = (p: string) => fileURLToPath(new URL(`../../${p}`, import.meta.url));
const cases = ["matchPolicy.yaml", "excludeResourceRules.yaml", "defaulting.yaml"].flatMap((f) =>
  collectCaseFiles([root(`suites/cases/${f}`)]).flatMap(loadCaseFile),
);
// The corpus alone, every example reduced: work-bounded, as `run --mode ci`.
const corpusOnly: RunBudget = { numRuns: 0, invariantRuns: 0, reduce: true, timeLimitMs: 600_000, pacing: "work" };

const started: Matcher[] = [];
afterAll(async () => {
  await Promise.all(started.map((m) => m.close()));
}, 60_000);

async function runWith(bugs: string): Promise<RunReport> {
  const matcher = await startChildMatcher(`node ${root("examples/simple-matcher/simple-matcher.mjs")} --bug ${bugs}`);
  started.push(matcher);
  return runConformance({
    matcher,
    options: { budget: corpusOnly, seed: 2, minors: ["1.37"], caseFiles: [] },
    cases,
    expected: [],
    progress: { phase() {}, tick() {} },
    header: { matchconform: "test", profile: "default", options: {}, replay: "test" },
  });
}

const omitted = "behaviour takes an omitted matchPolicy as Exact";
const exclude = "behaviour matches excludeResourceRules as Exact";
const keys = (r: RunReport) => r.buckets.map((b) => b.signature).sort();

describe("a cause hidden by another's trigger", () => {
  it("is reported on its own: an exclude matched as Exact under an omitted matchPolicy taken as Exact", async () => {
    const [both, first, second] = await Promise.all([
      runWith("omitted-matchpolicy-exact,exclude-ignores-equivalent"),
      runWith("omitted-matchpolicy-exact"),
      runWith("exclude-ignores-equivalent"),
    ]);
    // Each alone: one cause, its own.
    expect(keys(first)).toEqual([omitted]);
    expect(keys(second)).toEqual([exclude]);
    // Together: both, the second's minimal case saying its matchPolicy (omitted, the first bug shows).
    expect(keys(both)).toEqual([exclude, omitted].sort());
    const hidden = both.buckets.find((b) => b.signature === exclude);
    expect(hidden?.reduction.status).toBe("minimal");
    expect(hidden?.example.caseFile).toMatch(/matchPolicy: Equivalent/);
    expect(hidden?.example.caseFile).toMatch(/excludeResourceRules/);
    // Its examples are the exclude cases the second bug fails alone.
    const evidence = (r: RunReport | undefined, key: string) =>
      (r?.buckets.find((b) => b.signature === key)?.evidence?.corpus ?? []).map((c) => c.test).sort();
    for (const test of evidence(second, exclude).filter((t) => !evidence(first, omitted).includes(t)))
      expect(evidence(both, exclude)).toContain(test);
  }, 600_000);
});
