// The runner end to end, in-process: the model finds nothing in itself, a miniature's bug lands
// in a fitting bucket with a small example, and expected failures are reported apart.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv } from "ajv";
import addFormatsModule from "ajv-formats";
import { describe, expect, it } from "vitest";
import type { Matcher } from "../../oracles/adapters/matcher.ts";
import { modelMatcher } from "../../oracles/adapters/modelMatcher.ts";
import { loadModuleMatcher } from "../../oracles/adapters/moduleMatcher.ts";
import reportSchema from "../../reports/run-report.schema.json" with { type: "json" };
import type { RunReport } from "../../reports/runReport.ts";
import { saveRegressions } from "../../reports/writeReports.ts";
import caseSchema from "../cases/case-file.schema.json" with { type: "json" };
import { collectCaseFiles } from "../format/collectCaseFiles.ts";
import { loadCaseFile } from "../format/loadCaseFile.ts";
import { replayWithModel } from "../replay/replayCases.ts";
import type { RunBudget } from "./options.ts";
import { profiles, workPaced } from "./options.ts";
import { runConformance } from "./run.ts";
import { graceMs } from "./runContext.ts";

const cases = collectCaseFiles([fileURLToPath(new URL("../cases", import.meta.url))]).flatMap(loadCaseFile);
const silent = { phase() {}, tick() {} };

async function runOn(
  matcher: Matcher,
  expected: { bucket: string; reason: string }[] = [],
  budget: RunBudget = workPaced("quick"),
): Promise<RunReport> {
  return runConformance({
    matcher,
    options: { budget, seed: 7, minors: ["1.37"], caseFiles: [] },
    cases,
    expected,
    progress: silent,
    header: { matchconform: "test", profile: "quick", options: {}, replay: "test" },
  });
}

const ajv = new Ajv({ strict: false });
const addFormats = addFormatsModule as unknown as (a: Ajv) => void;
addFormats(ajv);
ajv.addSchema(caseSchema);
const validReport = ajv.compile(reportSchema);

describe("matchconform run", () => {
  it("finds no divergence in the reference model itself, and the report fits its schema", async () => {
    const report = await runOn(modelMatcher());
    expect(report.buckets).toEqual([]);
    expect(report.footer.exitCode).toBe(0);
    expect(report.footer.corpus.failed).toBe(0);
    expect(validReport(report), JSON.stringify(validReport.errors)).toBe(true);
  });

  it("ends at its time limit when the implementation never answers, counting what it did not ask", async () => {
    const silent: Matcher = { ...modelMatcher(), match: () => new Promise(() => {}) };
    const started = performance.now();
    const report = await runOn(silent, [], { ...profiles.quick, timeLimitMs: 1500 });
    // The promise is the limit and the grace, whatever the machine's load.
    expect(performance.now() - started).toBeLessThan(1500 + graceMs);
    expect(report.footer.exitCode).toBe(2);
    expect(report.footer.notRun).toMatchObject({ reason: "time limit", generated: 300 });
    expect(report.footer.notRun?.abandoned).toBeGreaterThan(0);
    expect(report.footer.notRun?.invariants).toBeGreaterThan(0);
    expect(validReport(report), JSON.stringify(validReport.errors)).toBe(true);
  });

  it("asks an implementation nothing outside its declared subjects and minors, from any phase", async () => {
    const model = modelMatcher();
    const asked = new Set<string>();
    const onlyValidating: Matcher = {
      ...model,
      subjects: ["ValidatingAdmissionPolicy"],
      kubernetesVersions: ["1.37"],
      match: (q) => {
        asked.add(`${q.subject.kind} ${q.kubernetesVersion}`);
        return model.match(q);
      },
    };
    const report = await runOn(onlyValidating);
    expect([...asked]).toEqual(["ValidatingAdmissionPolicy 1.37"]);
    // validatingAndMutatingAgree would need a MutatingAdmissionPolicy: it is left unchecked, not asked.
    expect(report.footer.invariants.find((i) => i.name === "validatingAndMutatingAgree")?.checked).toBe(0);
  });

  // Found in a real policy engine's offline path (issue 10's measurement): with a binding, the
  // policy's own matchConstraints were not applied. It shows through every clause that rejects a
  // request, yet it is one bug, where it stands: one bucket, keyed on the placement.
  it("reports a matcher that ignores the policy's matchConstraints under a binding as one cause", async () => {
    const model = modelMatcher();
    const everything = {
      resourceRules: [{ operations: ["*"], apiGroups: ["*"], apiVersions: ["*"], resources: ["*/*"] }],
    };
    const ignoresPolicy: Matcher = {
      ...model,
      subjects: ["ValidatingAdmissionPolicy"],
      match: (q) =>
        q.subject.kind === "ValidatingAdmissionPolicy" && q.subject.binding
          ? model.match({
              ...q,
              subject: { ...q.subject, policy: { ...q.subject.policy, matchConstraints: everything } },
            })
          : model.match(q),
    };
    // Bounded by work, not time: under load a time-limited run leaves causes unreduced, keyed by
    // the clause their raw example crossed rather than by the behaviour.
    const report = await runOn(ignoresPolicy, [], { ...profiles.quick, timeLimitMs: Number.POSITIVE_INFINITY });
    const key = "behaviour ignores the policy's matchConstraints under a binding";
    // Besides: ignoring the policy's constraints also ignores their validity; and where kube-apiserver
    // fails the request because of them (a missing namespace, a kindless equivalent), the behaviour
    // is not found: those keep their clause.
    const others = report.buckets.map((b) => b.signature).filter((k) => k !== key);
    expect(others.filter((k) => !/^family acceptsInvalid$| · kube-apiserver fails the request/.test(k))).toEqual([]);
    expect(others.length).toBeLessThanOrEqual(3);
    const placed = report.buckets.filter((b) => b.signature === key);
    expect(placed).toHaveLength(1);
    expect(placed[0]?.title).toMatch(/^ignores the policy's own matchConstraints once a binding exists/);
  }, 120_000);

  describe("on a miniature whose x/* does not match x", async () => {
    const miniature = fileURLToPath(new URL("./fixtures/podsStarMiniature.mjs", import.meta.url));
    // Bounded by work, not time: a cause is keyed by its behaviour once reduced, and under load a
    // time-limited run leaves some unreduced, keyed by the clause their raw example crossed.
    const workBounded = { ...profiles.quick, timeLimitMs: Number.POSITIVE_INFINITY };
    const report = await runOn(await loadModuleMatcher(miniature), [], workBounded);
    const signature = 'behaviour leaves the resource itself out of "x/*"';

    it("reports the bug under the behaviour it shows, whichever clause its cases cross", () => {
      expect(report.buckets.map((b) => b.signature)).toContain(signature);
      expect(report.footer.exitCode).toBe(1);
      expect(validReport(report), JSON.stringify(validReport.errors)).toBe(true);
    });

    it("reduces the example to a minimal case", () => {
      const generated = report.buckets.find((b) => b.phases.generated > 0 && b.signature === signature);
      expect(generated?.reduction.status).toBe("minimal");
      expect(generated?.reduction.lines).toBeLessThan(60);
      expect(generated?.example.caseFile.length).toBeLessThan(1500);
    });

    it("saves regressions that replay reads and the model passes", () => {
      const dir = mkdtempSync(join(tmpdir(), "matchconform-"));
      const files = saveRegressions(dir, report);
      expect(files.length).toBeGreaterThan(0);
      const results = replayWithModel(files.flatMap(loadCaseFile));
      expect(results.filter((r) => r.result !== "passed")).toEqual([]);
      expect(readFileSync(files[0] ?? "", "utf8")).toMatch(/^# /);
    });

    it("reports an expected failure apart, and one that no longer fails", async () => {
      const all = report.buckets.map((b) => ({ bucket: b.signature, reason: "known" }));
      const again = await runOn(
        await loadModuleMatcher(miniature),
        [...all, { bucket: "nothing like this", reason: "fixed" }],
        workBounded,
      );
      expect(again.footer.exitCode).toBe(0);
      expect(again.buckets.every((b) => b.expectedFailure?.reason === "known")).toBe(true);
      expect(
        again.expectedFailures.noLongerFailing,
        JSON.stringify([
          report.buckets.map((b) => [b.signature, b.count]),
          again.buckets.map((b) => [b.signature, b.count]),
        ]),
      ).toEqual(["nothing like this"]);
    });
  });
});
