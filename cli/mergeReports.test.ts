// Four shards of a run, merged, are the run: the same causes (keys and titles) and counts as the
// unsharded run on the same seed; reports of different runs, or an incomplete set, are refused.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv } from "ajv";
import { beforeAll, describe, expect, it } from "vitest";
import reportSchema from "../reports/run-report.schema.json" with { type: "json" };
import type { RunReport } from "../reports/runReport.ts";
import caseSchema from "../suites/cases/case-file.schema.json" with { type: "json" };
import { cli } from "./cliTestKit.ts";

const simple = fileURLToPath(new URL("../examples/simple-matcher/simple-matcher.mjs", import.meta.url));
const matcher = `node ${simple} --bug pods-star-excludes-main,omitted-matchpolicy-exact,no-exemptions`;
// A fixed budget and no time limit: every shard does all of its share, whatever the machine's load.
const budget = ["--seed", "11", "--num-runs", "600", "--profile", "quick"];
const dir = mkdtempSync(join(tmpdir(), "matchconform-shards-"));
const read = (d: string): RunReport => JSON.parse(readFileSync(join(d, "report.json"), "utf8")) as RunReport;
const causes = (r: RunReport) => r.buckets.map((b) => ({ key: b.signature, title: b.title, count: b.count }));
const byKey = (a: { key: string }, b: { key: string }) => (a.key < b.key ? -1 : 1);

const shardDirs = [1, 2, 3, 4].map((i) => join(dir, `shard-${i}`));
const codes: number[] = [];
const shardOut: string[] = [];
let whole: RunReport;

beforeAll(async () => {
  const run = (reportDir: string, ...more: string[]) =>
    cli("run", "--implementation", matcher, ...budget, "--report-dir", reportDir, ...more);
  codes.push((await run(join(dir, "whole"))).code);
  for (const [i, d] of shardDirs.entries()) {
    const r = await run(d, "--shard", `${i + 1}/4`);
    codes.push(r.code);
    shardOut.push(r.out);
  }
  whole = read(join(dir, "whole"));
}, 600_000);

describe("run --shard and merge-reports", () => {
  it("merges four shards into the unsharded run's causes and counts", async () => {
    expect(codes).toEqual([1, 1, 1, 1, 1]);
    expect(shardOut[1]).toMatch(/^shard 2\/4: matchconform merge-reports /m);
    const shards = shardDirs.map(read);
    expect(shards.map((s) => s.header.shard)).toEqual([1, 2, 3, 4].map((index) => ({ index, count: 4 })));
    const out = join(dir, "merged");
    const r = await cli("merge-reports", ...shardDirs, "--report-dir", out);
    expect(r.err).toBe("");
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^merged: shards 1, 2, 3, 4 of 4$/m);
    const merged = read(out);
    expect(causes(whole).length).toBeGreaterThanOrEqual(2);
    expect(causes(merged).sort(byKey)).toEqual(causes(whole).sort(byKey));
    expect(merged.footer.corpus).toEqual(whole.footer.corpus);
    expect(merged.footer.generated.scenarios).toBe(600);
    expect({ ...merged.footer.generated, timeToFirstDivergenceMs: 0 }).toEqual({
      ...whole.footer.generated,
      timeToFirstDivergenceMs: 0,
    });
    expect(merged.footer.invariants).toEqual(whole.footer.invariants);
    expect(merged.footer.skips).toEqual(whole.footer.skips);
    expect(merged.footer.clauseCoverage).toEqual(whole.footer.clauseCoverage);
    expect(merged.footer.completion).toEqual({ status: "complete" });
    expect(merged.header.merged).toEqual({ shards: [1, 2, 3, 4], count: 4 });
    expect(merged.header.replay).toBe(whole.header.replay);
    expect(merged.buckets.map((b) => b.bundle)).toEqual(
      merged.buckets.map((_, i) => expect.stringMatching(new RegExp(`^bundles/0${i + 1}-`))),
    );
    const ajv = new Ajv({ strict: false, validateFormats: false });
    ajv.addSchema(caseSchema);
    expect(ajv.validate(reportSchema, merged), JSON.stringify(ajv.errors)).toBe(true);
    // Each shard did a disjoint share: the corpus tests and scenarios add up to the run's.
    expect(shards.reduce((n, s) => n + s.footer.corpus.passed + s.footer.corpus.failed, 0)).toBe(
      whole.footer.corpus.passed + whole.footer.corpus.failed,
    );
    expect(readFileSync(join(out, "report.md"), "utf8")).toContain(merged.buckets[0]?.title ?? "?");
  }, 60_000);

  it("refuses a set with a shard missing or given twice, exit 2", async () => {
    const missing = await cli("merge-reports", ...shardDirs.slice(0, 3), "--report-dir", join(dir, "m3"));
    expect(missing.code).toBe(2);
    expect(missing.err).toContain("shard 4/4 missing");
    const twice = await cli("merge-reports", ...shardDirs, shardDirs[0] as string, "--report-dir", join(dir, "m5"));
    expect(twice.code).toBe(2);
    expect(twice.err).toContain("shard 1/4 is given twice");
  }, 30_000);

  it.each([
    ["seeds", (r: RunReport) => ({ ...r, header: { ...r.header, seed: 12 } })],
    ["Kubernetes minors", (r: RunReport) => ({ ...r, header: { ...r.header, kubernetesVersions: ["1.36"] } })],
    [
      "implementations",
      (r: RunReport) => ({ ...r, header: { ...r.header, implementation: { name: "other", version: "1" } } }),
    ],
  ] as const)(
    "refuses shards of different %s, exit 2",
    async (what, change) => {
      const other = join(dir, `other-${what.replace(/\W/g, "")}.json`);
      writeFileSync(other, JSON.stringify(change(read(shardDirs[3] as string))));
      const r = await cli("merge-reports", ...shardDirs.slice(0, 3), other, "--report-dir", join(dir, "mx"));
      expect(r.code).toBe(2);
      expect(r.err).toContain(`the reports are of different ${what}`);
    },
    30_000,
  );

  it("exits 2 when a shard could not test, whatever the others found", async () => {
    const broken = read(shardDirs[3] as string);
    const why = "the implementation was declared broken: 3 cases in a row timed out";
    const file = join(dir, "broken-shard.json");
    writeFileSync(
      file,
      JSON.stringify({
        ...broken,
        header: { ...broken.header, partial: why },
        footer: {
          ...broken.footer,
          completion: { status: "incomplete", cause: "implementation", reason: why, shortfalls: [] },
          exitCode: 2,
        },
      }),
    );
    const out = join(dir, "m-broken");
    const r = await cli("merge-reports", ...shardDirs.slice(0, 3), file, "--report-dir", out);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`shard 4/4: ${why}`);
    expect(read(out).header.partial).toBe(`shard 4/4: ${why}`);
  }, 30_000);

  it("refuses what is not a shard's report, exit 2", async () => {
    const notJson = join(dir, "not.json");
    writeFileSync(notJson, "{");
    const bad = await cli("merge-reports", notJson, "--report-dir", join(dir, "mb"));
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("is not JSON");
    const hostile = join(dir, "hostile.json");
    writeFileSync(hostile, JSON.stringify({ header: { seed: "x" }, buckets: [], footer: {} }));
    expect((await cli("merge-reports", hostile, "--report-dir", join(dir, "mh"))).err).toContain(
      "is not a matchconform report",
    );
    const unsharded = await cli("merge-reports", join(dir, "whole"), "--report-dir", join(dir, "mu"));
    expect(unsharded.code).toBe(2);
    expect(unsharded.err).toContain("is not a shard's");
  }, 30_000);
});
