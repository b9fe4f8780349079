// A bug seen only on inputs no real cluster produces (here: a request in a namespace that does not
// exist, which the real server's NamespaceLifecycle refuses before admission) is reported in a
// section of its own in every format, is not counted or ranked as a cause, and fails the run only
// when asked.
import { Ajv } from "ajv";
import addFormatsModule from "ajv-formats";
import { describe, expect, it } from "vitest";
import type { Answer, Matcher } from "../../oracles/adapters/matcher.ts";
import { modelMatcher } from "../../oracles/adapters/modelMatcher.ts";
import type { Query } from "../../oracles/contract/query.ts";
import { decide } from "../../oracles/model/decide.ts";
import reportSchema from "../../reports/run-report.schema.json" with { type: "json" };
import { runHtml } from "../../reports/runHtml.ts";
import { runMarkdown } from "../../reports/runMarkdown.ts";
import type { Bucket, RunReport } from "../../reports/runReport.ts";
import { summary } from "../../reports/runText.ts";
import caseSchema from "../cases/case-file.schema.json" with { type: "json" };
import { profiles } from "../run/options.ts";
import { runConformance } from "../run/run.ts";
import { isUnrealInput, splitUnreal } from "./unrealInputs.ts";

/** The model, except that a request in a missing namespace never errors: it just does not match. */
function quietOnMissingNamespaces(): Matcher {
  const model = modelMatcher();
  return {
    ...model,
    match: async (q: Query): Promise<Answer> => {
      const a = await model.match(q);
      const ns = q.request.namespace ?? "";
      const missing = ns !== "" && q.cluster.namespaces?.[ns] === undefined;
      return missing && a.answer === "outcome" && a.outcome.outcome === "error"
        ? { answer: "outcome", outcome: { outcome: "noMatch" } }
        : a;
    },
  };
}

function runOn(failOnUnrealInputs: boolean): Promise<RunReport> {
  const budget = { ...profiles.quick, numRuns: 400, timeLimitMs: Number.POSITIVE_INFINITY };
  return runConformance({
    matcher: quietOnMissingNamespaces(),
    options: { budget, seed: 5, minors: ["1.37"], caseFiles: [], failOnUnrealInputs },
    cases: [],
    expected: [],
    progress: { phase() {}, tick() {} },
    header: { matchconform: "test", profile: "quick", options: {}, replay: "test" },
  });
}

const ajv = new Ajv({ strict: false });
(addFormatsModule as unknown as (a: Ajv) => void)(ajv);
ajv.addSchema(caseSchema, "case-file-v1.json");
const validReport = ajv.compile(reportSchema);

describe("causes on inputs no real cluster produces", () => {
  it("are a section of their own in every format, not causes, and do not fail the run", async () => {
    const r = await runOn(false);
    expect(r.footer.generated.diverged).toBeGreaterThan(0);
    expect(r.buckets).toEqual([]);
    expect(r.unrealInputs?.length).toBeGreaterThan(0);
    for (const b of r.unrealInputs ?? []) expect(b.notReproducible).toMatch(/does not exist/);
    expect(r.footer.exitCode).toBe(0);
    expect(r.footer.verdict?.text).toMatch(/^No divergence on inputs a real cluster produces \(\d+ causes? on inputs/);
    expect(summary(r)).toContain("on inputs no real cluster produces (not counted or ranked");
    expect(runMarkdown(r)).toContain("## Inputs no real cluster produces");
    expect(runHtml(r)).toContain('id="unreal-inputs"');
    expect(validReport(JSON.parse(JSON.stringify(r))), JSON.stringify(validReport.errors)).toBe(true);
  }, 300_000);

  it("fail the run when asked", async () => {
    const r = await runOn(true);
    expect(r.buckets).toEqual([]);
    expect(r.footer.exitCode).toBe(1);
  }, 300_000);
});

describe("what is an input no real cluster produces", () => {
  const model = (q: Query) => decide(q.subject, q.cluster, q.request, q.kubernetesVersion);
  const rule = { operations: ["*" as const], apiGroups: [""], apiVersions: ["v1"], resources: ["pods"] };
  const del = (namespaces: Record<string, Record<string, string>>): Query => ({
    kubernetesVersion: "1.37",
    subject: {
      kind: "MutatingAdmissionPolicy",
      policy: { matchConstraints: { resourceRules: [rule] } },
      binding: {},
    },
    cluster: { namespaces },
    request: {
      operation: "DELETE",
      resource: { group: "", version: "v1", resource: "pods" },
      kind: { group: "", version: "v1", kind: "Pod" },
      namespace: "default",
      name: "web",
      object: null,
      oldObject: { apiVersion: "v1", kind: "Pod", metadata: { name: "web", namespace: "default" } },
    },
  });
  const bucket = (q: Query) => ({ signature: "s", example: { query: q } }) as Bucket;

  it("a request in a missing namespace is one, and set apart", () => {
    const q = del({});
    expect(isUnrealInput(q)).toBe(true);
    expect(splitUnreal({ model }, [bucket(q)]).unreal).toHaveLength(1);
  });

  it("a mutating policy's status update is not, though the oracle cannot observe it: it stays a cause, with the reason", () => {
    const d = del({ default: { "kubernetes.io/metadata.name": "default" } });
    const pod = d.request.oldObject ?? null;
    const q: Query = { ...d, request: { ...d.request, operation: "UPDATE", subResource: "status", object: pod } };
    expect(isUnrealInput(q)).toBe(false);
    const { causes, unreal } = splitUnreal({ model }, [bucket(q)]);
    expect(unreal).toEqual([]);
    expect(causes[0]?.notReproducible).toMatch(/does not return as mutated/);
  });
});
