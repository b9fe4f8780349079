// The miniatures' bundles on a real kube-apiserver: the simple matcher with each of its bugs runs
// through the runner on a small budget, its reports (and bundles) are written, and `bundles check`
// puts every bundle to a private local control plane. Every bundle a real cluster can reproduce
// reproduces the model's decision, and those that cannot say why, in the oracle's words.
// Needs the binaries (built once, cached): run with MATCHCONFORM_APISERVER=1.
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startChildMatcher } from "../oracles/adapters/childMatcher.ts";
import { startApiserverMatcher } from "../oracles/apiserver/apiserverMatcher.ts";
import type { ControlPlane } from "../oracles/apiserver/localControlPlane.ts";
import { down } from "../oracles/apiserver/localControlPlane.ts";
import { startTestControlPlane } from "../oracles/apiserver/testControlPlane.ts";
import { writeReports } from "../reports/writeReports.ts";
import { checkBundles, findBundles } from "../suites/bundles/checkBundles.ts";
import { collectCaseFiles } from "../suites/format/collectCaseFiles.ts";
import { loadCaseFile } from "../suites/format/loadCaseFile.ts";
import { bugSwitches } from "../suites/run/diagnosisQuality.ts";
import { runConformance } from "../suites/run/run.ts";
import { slowSuiteGate } from "../suites/slowSuites.ts";
import { bundles } from "./bundles.ts";

// Runs where kube-apiserver is built, or MATCHCONFORM_APISERVER=1 asks (suites/slowSuites.ts).
const enabled = slowSuiteGate("apiserver").runs;
const root = (p: string) => fileURLToPath(new URL(`../${p}`, import.meta.url));
/** Every bug switch: now that a run reports about one cause per bug, each contributes a bundle or two. */
const bugs = bugSwitches;
/**
 * Of these bugs' 25 bundles at seed 20261202 (one per cause), 14 say a real cluster reproduces
 * them; the other 11 need a missing namespace or a kindless equivalent, which no server can have.
 * At least this many must be reproduced.
 */
const reproducibleFloor = 12;

/** Runs the simple matcher with the bug on a small budget and writes its reports; the report folder. */
async function reportOf(bug: string): Promise<string> {
  const cases = collectCaseFiles([root("suites/cases")]).flatMap(loadCaseFile);
  const matcher = await startChildMatcher(`node ${root("examples/simple-matcher/simple-matcher.mjs")} --bug ${bug}`);
  try {
    const report = await runConformance({
      matcher,
      options: {
        budget: { numRuns: 400, timeLimitMs: 20_000, invariantRuns: 10, reduce: true },
        seed: 20261202,
        minors: ["1.37"],
        caseFiles: [],
      },
      cases,
      expected: [],
      progress: { phase() {}, tick() {} },
      header: { matchconform: "test", profile: "quick", options: {}, replay: "test" },
    });
    const dir = mkdtempSync(join(tmpdir(), `matchconform-bundles-${bug}-`));
    writeReports(dir, report);
    return dir;
  } finally {
    await matcher.close();
  }
}

describe.skipIf(!enabled)("the miniatures' bundles on a real kube-apiserver", () => {
  let cp: ControlPlane;
  let dirs: string[] = [];

  beforeAll(async () => {
    dirs = [];
    for (const bug of bugs) dirs.push(await reportOf(bug));
    cp = await startTestControlPlane("bundles-test");
  }, 1_800_000);

  afterAll(async () => {
    if (cp) await down(cp.stateDir);
  }, 120_000);

  it("reproduces the model's decision with every bundle a real cluster can reproduce", async () => {
    const all = dirs.flatMap(findBundles);
    const m = await startApiserverMatcher({ server: cp.server, token: cp.token, caFile: cp.caFile, minor: "1.37" });
    const verdicts = await checkBundles(m, all, "1.37").finally(() => m.close());
    const runs = (d: string) => !existsSync(join(d, "not-reproducible.txt"));
    const count = (k: string) => verdicts.filter((v) => v.verdict === k).length;
    console.log(
      `bundles: ${all.length} total, ${all.filter(runs).length} reproducible; verdicts: ${count("reproduced")} reproduced, ${count("differs")} differ, ${count("errored")} errored, ${count("not reproducible")} not reproducible`,
    );
    // Every bundle that says it runs is reproduced; none differs or errs (an invariant's variant may run where its base does not).
    const wrong = verdicts
      .map((v, i) => ({ bundle: all[i] as string, v }))
      .filter(({ bundle, v }) =>
        runs(bundle) ? v.verdict !== "reproduced" : v.verdict === "differs" || v.verdict === "errored",
      )
      .map(({ bundle, v }) => ({
        bundle,
        says: runs(bundle) ? "reproducible" : readFileSync(join(bundle, "not-reproducible.txt"), "utf8").trim(),
        verdict: v,
      }));
    expect(wrong).toEqual([]);
    const reproduced = verdicts.filter((v, i) => v.verdict === "reproduced" && runs(all[i] as string));
    expect(reproduced.length).toBeGreaterThanOrEqual(reproducibleFloor);
  }, 900_000);

  it("bundles check --kubeconfig exits 0 on them and prints the figures", async () => {
    const out: string[] = [];
    const code = await bundles(
      { action: "check", paths: dirs, kubeconfig: cp.kubeconfig },
      (l) => out.push(l),
      () => {},
    );
    console.log(out.at(-1));
    expect(out.at(-1)).toMatch(
      /^kube-apiserver v1\.37\.\d+: \d+ bundles, \d+ reproducible: \d+ reproduced, 0 differ, 0 errored; /,
    );
    expect(code).toBe(0);
  }, 900_000);
});
