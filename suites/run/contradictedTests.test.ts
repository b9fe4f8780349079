// A corpus test whose expectation the reference contradicts is the case file's fault: the
// implementation is judged against the reference there, and the report names the test with both
// sides. Before, an implementation that answered as kube-apiserver failed the test and was reported
// as a cause ("kube-apiserver matches, the implementation matches (through another resource …)").
import { describe, expect, it } from "vitest";
import type { Matcher } from "../../oracles/adapters/matcher.ts";
import { modelMatcher } from "../../oracles/adapters/modelMatcher.ts";
import type { Query } from "../../oracles/contract/query.ts";
import { runNotes } from "../../reports/runNotes.ts";
import type { RunReport } from "../../reports/runReport.ts";
import { parseCaseFile } from "../format/loadCaseFile.ts";
import type { RunBudget } from "./options.ts";
import { runConformance } from "./run.ts";

const caseFile = (expected: string) => `
- description: a pods rule
  subject:
    kind: MatchResources
    matchResources:
      resourceRules: [{operations: ["*"], apiGroups: [""], apiVersions: [v1], resources: [pods]}]
  cluster: {namespaces: {web: {kubernetes.io/metadata.name: web}}}
  tests:
    - description: a pod create
      request: {operation: CREATE, resource: {group: "", version: v1, resource: pods}, kind: {group: "", version: v1, kind: Pod}, namespace: web, name: web, object: {apiVersion: v1, kind: Pod, metadata: {name: web, namespace: web}}}
      expected: ${expected}
    - description: a configmap create
      request: {operation: CREATE, resource: {group: "", version: v1, resource: configmaps}, kind: {group: "", version: v1, kind: ConfigMap}, namespace: web, name: settings}
      expected: noMatch
`;
const corpusOnly: RunBudget = { numRuns: 0, invariantRuns: 0, reduce: true, timeLimitMs: 600_000, pacing: "work" };

function runOn(matcher: Matcher, text: string): Promise<RunReport> {
  return runConformance({
    matcher,
    options: { budget: corpusOnly, seed: 1, minors: ["1.37"], caseFiles: [] },
    cases: parseCaseFile("cases/<b>mine</b>.yaml", text),
    expected: [],
    progress: { phase() {}, tick() {} },
    header: { matchconform: "test", profile: "quick", options: {}, replay: "test" },
  });
}

/** The model, except that it answers noMatch on pods: an implementation that agrees with the wrong case. */
function agreeingWithTheCase(): Matcher {
  const model = modelMatcher();
  return {
    ...model,
    match: async (q: Query) =>
      q.request.resource.resource === "pods" ? { answer: "outcome", outcome: { outcome: "noMatch" } } : model.match(q),
  };
}

describe("a corpus test the reference contradicts", () => {
  it("judges the implementation against the reference and names the test, with both sides", async () => {
    const report = await runOn(modelMatcher(), caseFile("noMatch"));
    expect(report.footer.corpus).toEqual({ passed: 2, failed: 0, skipped: 0 });
    expect(report.buckets).toEqual([]);
    expect(report.footer.exitCode).toBe(0);
    expect(report.footer.contradictedTests).toEqual({
      tests: 1,
      examples: [
        {
          file: "cases/<b>mine</b>.yaml",
          case: "a pods rule",
          test: "a pod create",
          minor: "1.37",
          expected: { outcome: "noMatch" },
          reference: "model",
          decided: expect.objectContaining({ outcome: "match" }),
        },
      ],
    });
    const note = runNotes(report).find((n) => n.text.startsWith("input: "));
    expect(note?.text).toMatch(/^input: 1 corpus test expects what kube-apiserver does not decide; /);
    expect(note?.lines).toEqual([
      expect.stringMatching(
        /^cases\/<b>mine<\/b>\.yaml › a pods rule › a pod create \(Kubernetes 1\.37\): expects noMatch; the reference model decides match, resource core\/v1\/pods/,
      ),
    ]);
  });

  it("reports an implementation that answers as the wrong case does as diverging from kube-apiserver", async () => {
    const report = await runOn(agreeingWithTheCase(), caseFile("noMatch"));
    expect(report.footer.corpus).toEqual({ passed: 1, failed: 1, skipped: 0 });
    expect(
      report.buckets.map((b) => [
        b.example.expected.outcome,
        b.example.actual.answer === "outcome" && b.example.actual.outcome.outcome,
      ]),
    ).toEqual([["match", "noMatch"]]);
    expect(report.footer.contradictedTests?.tests).toBe(1);
  });

  it("says nothing of a test the reference agrees with", async () => {
    const report = await runOn(modelMatcher(), caseFile("match"));
    expect(report.footer.contradictedTests).toBeUndefined();
    expect(report.footer.corpus).toEqual({ passed: 2, failed: 0, skipped: 0 });
  });
});
