// The proof of the apiserver oracle: `verify` against a private local kube-apiserver on the corpus
// and a bounded number of generated scenarios, with 0 divergences and the server deciding most of
// what it is asked. Needs the binaries (built once, cached): run with MATCHCONFORM_APISERVER=1.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ControlPlane } from "../oracles/apiserver/localControlPlane.ts";
import { down } from "../oracles/apiserver/localControlPlane.ts";
import { startTestControlPlane } from "../oracles/apiserver/testControlPlane.ts";
import { slowSuiteGate } from "../suites/slowSuites.ts";
import { verify } from "./verify.ts";

// Runs where kube-apiserver is built, or MATCHCONFORM_APISERVER=1 asks (suites/slowSuites.ts).
const enabled = slowSuiteGate("apiserver").runs;
const runs = Number(process.env.MATCHCONFORM_APISERVER_RUNS ?? 600);

describe.skipIf(!enabled)("verify --apiserver on the corpus and generated scenarios", () => {
  let cp: ControlPlane;

  beforeAll(async () => {
    cp = await startTestControlPlane("verify-test");
  }, 1_800_000);

  afterAll(async () => {
    if (cp) await down(cp.stateDir);
  }, 120_000);

  it(`finds no divergence between the model and kube-apiserver on the corpus and ${runs} generated scenarios`, async () => {
    const reportDir = mkdtempSync(join(tmpdir(), "matchconform-verify-report-"));
    const out: string[] = [];
    const code = await verify(
      {
        apiserver: true,
        kubeconfig: cp.kubeconfig,
        numRuns: String(runs),
        seed: "20261201",
        reportDir,
        cases: [],
      },
      (l) => out.push(l),
      () => {},
    );
    console.log(out.join("\n"));
    const footer = (
      JSON.parse(readFileSync(join(reportDir, "report.json"), "utf8")) as {
        footer: {
          corpus: { passed: number; failed: number; skipped: number };
          generated: { scenarios: number; agreed: number; diverged: number; skipped: number };
          invariants: { name: string; violated: number }[];
          skips: Record<string, { skipped: number; reasons: { count: number }[] }>;
        };
      }
    ).footer;
    expect(footer.corpus.failed).toBe(0);
    expect(footer.generated.diverged).toBe(0);
    expect(footer.invariants.filter((i) => i.violated > 0)).toEqual([]);
    expect(footer.corpus.passed).toBeGreaterThan(400);
    expect(footer.generated.scenarios).toBe(runs);
    expect(footer.generated.agreed).toBeGreaterThan(runs / 4);
    // Each phase's reasons add up to what it did not decide (an invariant check counts once, not
    // once for its base and once for its variant).
    for (const [phase, s] of Object.entries(footer.skips))
      expect([phase, s.reasons.reduce((n, r) => n + r.count, 0)]).toEqual([phase, s.skipped]);
    expect(code).toBe(0);
  }, 900_000);
});
