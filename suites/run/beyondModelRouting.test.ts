// Where the model stops, who decides: with no reference beyond the model such a query is not sent
// and is counted so; with one for the query's minor (a fake here, standing for the upstream oracle)
// it is sent, the implementation is tested against that reference, and every report format names
// the reference that decided the cause. suites/run/beyondModel.test.ts does the same with the real
// upstream oracle.
import { fileURLToPath } from "node:url";
import { Ajv } from "ajv";
import addFormatsModule from "ajv-formats";
import { describe, expect, it } from "vitest";
import type { Answer, Matcher } from "../../oracles/adapters/matcher.ts";
import { modelMatcher } from "../../oracles/adapters/modelMatcher.ts";
import type { OutsideReference } from "../../oracles/adapters/reference.ts";
import { matcherReference, OutsideReferences } from "../../oracles/adapters/reference.ts";
import type { Query } from "../../oracles/contract/query.ts";
import { decide } from "../../oracles/model/decide.ts";
import { outsideModel } from "../../oracles/model/outsideModel.ts";
import reportSchema from "../../reports/run-report.schema.json" with { type: "json" };
import { runHtml } from "../../reports/runHtml.ts";
import { runJunit } from "../../reports/runJunit.ts";
import { runMarkdown } from "../../reports/runMarkdown.ts";
import type { RunReport } from "../../reports/runReport.ts";
import { summary } from "../../reports/runText.ts";
import caseSchema from "../cases/case-file.schema.json" with { type: "json" };
import { loadCaseFile } from "../format/loadCaseFile.ts";
import { runConformance } from "./run.ts";

const cases = loadCaseFile(fileURLToPath(new URL("fixtures/beyond-model.yaml", import.meta.url)));
const silent = { phase() {}, tick() {} };
const budget = { numRuns: 0, timeLimitMs: Number.POSITIVE_INFINITY, invariantRuns: 0, reduce: true };

const isIpQuery = (q: Query) => JSON.stringify(q.subject).includes("isIP(");

/** The held-out answers as kube-apiserver gives them: the case files' expectations, looked up. */
function heldOutAnswer(q: Query): Answer {
  for (const c of cases)
    for (const t of c.tests)
      if (
        JSON.stringify(c.subject) === JSON.stringify(q.subject) &&
        JSON.stringify(t.request) === JSON.stringify(q.request)
      )
        return {
          answer: "outcome",
          outcome: t.expected.outcome === "match" ? { outcome: "match" } : { outcome: "noMatch" },
        };
  return { answer: "skipped", message: "not a held-out query" };
}

/** A fake upstream oracle: the held-out answers, counting the questions. */
function fakeUpstream(asked: Query[]): OutsideReference {
  const oracle: Matcher = {
    ...modelMatcher(),
    match: async (q) => {
      asked.push(q);
      return heldOutAnswer(q);
    },
  };
  return matcherReference("1.37", async () => oracle);
}

/** Right where the model decides and on ?. and quantity; wrong on isIP, which it believes true of every string. */
function isIpAlwaysTrue(asked: Query[]): Matcher {
  return {
    ...modelMatcher(),
    match: async (q) => {
      asked.push(q);
      if (outsideModel(q) === undefined)
        return { answer: "outcome", outcome: decide(q.subject, q.cluster, q.request, q.kubernetesVersion).outcome };
      return isIpQuery(q) ? { answer: "outcome", outcome: { outcome: "match" } } : heldOutAnswer(q);
    },
  };
}

function runWith(matcher: Matcher, references?: OutsideReferences): Promise<RunReport> {
  return runConformance({
    matcher,
    options: { budget, seed: 1, minors: ["1.37"], caseFiles: [] },
    cases,
    expected: [],
    progress: silent,
    header: { matchconform: "test", profile: "test", options: {}, replay: "test" },
    ...(references && { references: { oracles: references, choice: "auto" as const } }),
  });
}

const ajv = new Ajv({ strict: false });
(addFormatsModule as unknown as (a: Ajv) => void)(ajv);
ajv.addSchema(caseSchema);
const validReport = ajv.compile(reportSchema);

describe("queries where the model stops", () => {
  it("are not sent without a reference there, and are counted as outside the model", async () => {
    const asked: Query[] = [];
    const report = await runWith(isIpAlwaysTrue(asked));
    expect(asked).toEqual([]);
    expect(report.buckets).toEqual([]);
    expect(report.footer.skips.corpus.skipped).toBe(6);
    expect(report.footer.skips.corpus.reasons.every((r) => r.by === "model")).toBe(true);
    expect(report.header.references).toEqual({ choice: "model", upstream: [], decided: 0 });
    // Nothing beyond the model was met that a reference could have decided: no note of it.
    expect(summary(report)).not.toContain("where the model stops");
  });

  it("are decided by the reference of their minor, and a wrong answer there is a cause it decided", async () => {
    const implAsked: Query[] = [];
    const upstreamAsked: Query[] = [];
    const report = await runWith(isIpAlwaysTrue(implAsked), new OutsideReferences([fakeUpstream(upstreamAsked)]));
    expect(implAsked.length).toBeGreaterThanOrEqual(6);
    expect(upstreamAsked.length).toBeGreaterThan(0);
    expect(report.footer.corpus).toEqual({ passed: 5, failed: 1, skipped: 0 });
    expect(report.buckets).toHaveLength(1);
    const [bucket] = report.buckets;
    expect(bucket).toMatchObject({
      reference: "upstream@1.37",
      signature: "upstream@1.37 · matchConditions: the function isIP · match ≠ noMatch",
      example: { expected: { outcome: "noMatch" }, actual: { answer: "outcome", outcome: { outcome: "match" } } },
    });
    expect(bucket?.title).toContain(
      "matchConditions using the function isIP: kube-apiserver does not match (its own code, upstream@1.37)",
    );
    // Reduced with the reference's answers: the minimal case still calls isIP, so upstream decides it.
    expect(bucket?.example.caseFile).toContain("isIP(");
    expect(bucket?.reduction.status).toBe("minimal");
    expect(report.header.references).toEqual({ choice: "auto", upstream: ["upstream@1.37"], decided: 6 });
    expect(summary(report)).toContain("where the model stops (--reference auto): 6 queries decided by upstream@1.37");
    expect(validReport(report), JSON.stringify(validReport.errors)).toBe(true);
    for (const text of [summary(report), runMarkdown(report), runHtml(report), runJunit(report)])
      expect(text).toContain("decided by upstream@1.37");
    expect(JSON.stringify(report)).toContain('"reference":"upstream@1.37"');
  });

  it("are kept back for a minor without a reference of its own", async () => {
    const wrong: Matcher = {
      ...modelMatcher(),
      match: async (q) => ({ answer: "outcome", outcome: { outcome: outsideModel(q) ? "noMatch" : "match" } }),
    };
    const other = matcherReference("1.34", async () => modelMatcher());
    const report = await runWith(wrong, new OutsideReferences([other]));
    expect(report.footer.skips.corpus.skipped).toBe(6);
    expect(report.buckets).toEqual([]);
    expect(report.header.references?.upstream).toEqual(["upstream@1.34"]);
  });
});
