// Where the model stops, its validation cannot keep back a subject only kube-apiserver's own code
// knows invalid (a CEL library the model does not know). An implementation that does not claim API
// validation is then not asked (Kyverno v1.19.1's offline path, asked `math.sqrt(4) == 2.0` at 1.36,
// answered its compile error, and each such case became a cause of its own); one that claims it is.
// The upstream oracle is a fake here that answers invalid; suites/run/beyondModel.test.ts runs the real one.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { Answer, Matcher } from "../../oracles/adapters/matcher.ts";
import { modelMatcher } from "../../oracles/adapters/modelMatcher.ts";
import { matcherReference, OutsideReferences } from "../../oracles/adapters/reference.ts";
import { fullCapabilities } from "../../oracles/contract/capabilities.ts";
import type { Query } from "../../oracles/contract/query.ts";
import { outsideModel } from "../../oracles/model/outsideModel.ts";
import { loadCaseFile } from "../format/loadCaseFile.ts";
import { runConformance } from "./run.ts";

const cases = loadCaseFile(fileURLToPath(new URL("fixtures/beyond-model-invalid.yaml", import.meta.url)));
const silent = { phase() {}, tick() {} };
const budget = { numRuns: 0, timeLimitMs: Number.POSITIVE_INFINITY, invariantRuns: 0, reduce: true };

const upstreamSaysInvalid = matcherReference("1.37", async () => ({
  ...modelMatcher(),
  match: async () => ({ answer: "outcome", outcome: { outcome: "invalid", message: "compilation failed" } }),
}));

/** Fails every request it cannot compile, as a tool without API validation does. */
function compiler(validation: boolean, asked: Query[]): Matcher {
  return {
    ...modelMatcher(),
    capabilities: { ...fullCapabilities, features: { ...fullCapabilities.features, validation } },
    match: async (q) => {
      asked.push(q);
      const answer: Answer = validation
        ? { answer: "outcome", outcome: { outcome: "invalid", message: "compilation failed" } }
        : { answer: "outcome", outcome: { outcome: "error", code: 422, message: "compilation failed" } };
      return answer;
    },
  };
}

const runWith = (matcher: Matcher) =>
  runConformance({
    matcher,
    options: { budget, seed: 1, minors: ["1.37"], caseFiles: [] },
    cases,
    expected: [],
    progress: silent,
    header: { matchconform: "test", profile: "test", options: {}, replay: "test" },
    references: { oracles: new OutsideReferences([upstreamSaysInvalid]), choice: "auto" },
  });

describe("a subject only the upstream oracle knows invalid", () => {
  it("lies where the model stops", () => {
    const c = cases[0];
    const t = c?.tests[0];
    if (c === undefined || t === undefined) throw new Error("the fixture has no test");
    expect(
      outsideModel({ kubernetesVersion: "1.37", subject: c.subject, cluster: {}, request: t.request }),
    ).toBeDefined();
  });

  it("is not sent to an implementation that does not claim validation, and is counted so", async () => {
    const asked: Query[] = [];
    const report = await runWith(compiler(false, asked));
    expect(asked).toEqual([]);
    expect(report.buckets).toEqual([]);
    expect(report.footer.corpus).toEqual({ passed: 0, failed: 0, skipped: 0 });
    expect(report.footer.skips.corpus.reasons).toContainEqual(
      expect.objectContaining({ by: "scope", reason: "API validation not claimed" }),
    );
  });

  it("is sent to one that claims validation", async () => {
    const asked: Query[] = [];
    const report = await runWith(compiler(true, asked));
    expect(asked.length).toBeGreaterThan(0);
    expect(report.footer.corpus.passed).toBe(1);
    expect(report.buckets).toEqual([]);
  });
});
