// verify --kubeconfig … --record against a private local kube-apiserver: client-node reads the
// control plane's kubeconfig, the server's verdicts are written per version, load with the loader
// and replay on the model, and another version's folder stays as it was.
// Needs the binaries (built once, cached): run with MATCHCONFORM_APISERVER=1.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ControlPlane } from "../oracles/apiserver/controlPlane/localControlPlane.ts";
import { down } from "../oracles/apiserver/controlPlane/localControlPlane.ts";
import { startTestControlPlane } from "../oracles/apiserver/controlPlane/testControlPlane.ts";
import { loadAll } from "../suites/format/loadAll.ts";
import { replayWithModel } from "../suites/replay/replayCases.ts";
import { slowSuiteGate } from "../suites/slowSuites.ts";
import { verify } from "./verify.ts";

// Runs where kube-apiserver is built, or MATCHCONFORM_APISERVER=1 asks (suites/slowSuites.ts).
const enabled = slowSuiteGate("apiserver").runs;

describe.skipIf(!enabled)("verify --record on a real kube-apiserver", () => {
  let cp: ControlPlane;

  beforeAll(async () => {
    cp = await startTestControlPlane("record-test");
  }, 1_800_000);

  afterAll(async () => {
    if (cp) await down(cp.stateDir);
  }, 120_000);

  it("writes the server's verdicts that replay reads, beside another version's", async () => {
    const dir = mkdtempSync(join(tmpdir(), "matchconform-recorded-"));
    mkdirSync(join(dir, "v1.36.9"));
    writeFileSync(join(dir, "v1.36.9", "kept.yaml"), "[]\n");
    const out: string[] = [];
    const code = await verify(
      {
        apiserver: true,
        kubeconfig: cp.kubeconfig,
        record: dir,
        numRuns: "40",
        seed: "3",
        reportDir: join(dir, "..", `${dir.split("/").pop()}-report`),
        cases: ["suites/cases/resourceRules.yaml"],
      },
      (l) => out.push(l),
      () => {},
    );
    expect([0, 1]).toContain(code);
    const line = out.find((l) => l.startsWith("recorded: ")) ?? "";
    const n = Number(/^recorded: (\d+) verdicts of kube-apiserver (v1\.37\.\S+) /.exec(line)?.[1]);
    const version = /kube-apiserver (v1\.37\.\S+) /.exec(line)?.[1] ?? "";
    expect(n, line).toBeGreaterThan(50);
    expect(readdirSync(dir).sort()).toEqual(["v1.36.9", version].sort());
    expect(readFileSync(join(dir, "v1.36.9", "kept.yaml"), "utf8")).toBe("[]\n");

    const cases = loadAll([join(dir, version)]);
    expect(cases).toHaveLength(n);
    expect(cases.every((c) => c.source?.startsWith(`recorded from kube-apiserver ${version} on `))).toBe(true);
    const results = replayWithModel(cases);
    const passed = results.filter((r) => r.result === "passed").length;
    // The model agrees with the server nearly everywhere; where not, the recording says the server's answer.
    expect(passed / results.length).toBeGreaterThan(0.9);
  }, 600_000);

  it("with --queries, records another recording's queries and nothing else", async () => {
    const from = "suites/recorded/v1.37.2/MutatingAdmissionPolicy/configmaps.yaml";
    const asked = loadAll([from]).map((c) => c.description);
    const dir = mkdtempSync(join(tmpdir(), "matchconform-fixed-"));
    const out: string[] = [];
    const code = await verify(
      { apiserver: true, kubeconfig: cp.kubeconfig, record: dir, queries: from, reportDir: `${dir}-report`, cases: [] },
      (l) => out.push(l),
      () => {},
    );
    expect(code).toBe(0);
    expect(out).toContain(
      `queries: ${asked.length} of ${from} asked at 1.37; left out: 0 of subject kinds not served at 1.37, 0 the model does not decide there`,
    );
    const [version] = readdirSync(dir);
    const recorded = loadAll([join(dir, version ?? "")]).map((c) => c.description);
    // The server's own earlier verdicts, asked again: every one decided, no other query asked.
    expect(recorded.sort()).toEqual([...asked].sort());
  }, 600_000);
});
