// Causes in the order of their impact on a realistic mix, not of how often the run hit them: a
// constructed run where the cause hit most often affects the least of the mix.
import { describe, expect, it } from "vitest";
import type { Answer } from "../../oracles/adapters/matcher.ts";
import type { Query } from "../../oracles/contract/query.ts";
import { decide } from "../../oracles/model/decide.ts";
import type { Bucket } from "../../reports/runReport.ts";
import { mergeBuckets } from "../run/mergeBuckets.ts";
import { askMix, byImpact, impactOf } from "./impact.ts";
import { signature } from "./signature.ts";
import type { TriageContext } from "./triageContext.ts";

const cause = (signature: string, count: number, impact?: Bucket["impact"]): Bucket =>
  ({ signature, count, ...(impact && { impact }) }) as Bucket;

describe("ranking by impact", () => {
  // The run: "edge" was hit 60 times by the random sample, "plural" 3 times, "quiet" 9 times.
  const mix = {
    decided: 200,
    divergences: new Map([
      ["raw plural", 50],
      ["raw edge", 2],
      ["raw other", 7],
    ]),
  };
  const edge = cause("edge", 60, impactOf(new Set(["raw edge"]), mix));
  const plural = cause("plural", 3, impactOf(new Set(["raw plural", "raw unseen"]), mix));
  const quiet = cause("quiet", 9, impactOf(new Set(["raw never in the mix"]), mix));
  const unmeasured = cause("unmeasured", 30);

  it("measures a cause's share of the mix by the raw signatures of its failures", () => {
    expect(plural.impact).toEqual({ share: 0.25, affected: 50, decided: 200 });
    expect(edge.impact).toEqual({ share: 0.01, affected: 2, decided: 200 });
    expect(quiet.impact?.affected).toBe(0);
  });

  it("orders by impact, then by count where the mix says nothing", () => {
    expect(byImpact([edge, quiet, unmeasured, plural]).map((b) => b.signature)).toEqual([
      "plural",
      "edge",
      "unmeasured",
      "quiet",
    ]);
  });
});

describe("asking the mix", () => {
  const model = (q: Query) => decide(q.subject, q.cluster, q.request, q.kubernetesVersion);
  const q = (operation: "CREATE" | "UPDATE" | "DELETE"): Query => ({
    kubernetesVersion: "1.37",
    subject: {
      kind: "MatchResources",
      matchResources: {
        resourceRules: [{ operations: ["*"], apiGroups: [""], apiVersions: ["v1"], resources: ["pods"] }],
      },
    },
    cluster: { namespaces: { default: { "kubernetes.io/metadata.name": "default" } } },
    request: {
      operation,
      resource: { group: "", version: "v1", resource: "pods" },
      kind: { group: "", version: "v1", kind: "Pod" },
      namespace: "default",
      name: "web",
      object: operation === "DELETE" ? null : { apiVersion: "v1", kind: "Pod", metadata: { name: "web" } },
      ...(operation !== "CREATE" && { oldObject: { apiVersion: "v1", kind: "Pod", metadata: { name: "web" } } }),
    },
  });
  // Skips DELETE, answers noMatch to UPDATE (a divergence), agrees on CREATE.
  const answer = (x: Query): Answer =>
    x.request.operation === "DELETE"
      ? { answer: "skipped", message: "no DELETE" }
      : x.request.operation === "UPDATE"
        ? { answer: "outcome", outcome: { outcome: "noMatch" } }
        : { answer: "outcome", outcome: model(x).outcome };
  const ctx = (match: (x: Query) => Promise<Answer>): TriageContext => ({
    matcher: { match },
    model,
    allows: () => true,
    decidedBy: () => "model",
    referenceOutcome: async (x) => model(x).outcome,
    outcomeOf: async () => undefined,
  });

  it("counts the decided scenarios and the divergences by raw signature", async () => {
    const mix = [q("CREATE"), q("UPDATE"), q("UPDATE"), q("DELETE")];
    const result = await askMix(
      ctx(async (x) => answer(x)),
      mix,
      Number.POSITIVE_INFINITY,
    );
    const raw = signature(model(q("UPDATE")).clauses, "match", answer(q("UPDATE")));
    expect(result).toEqual({ decided: 3, divergences: new Map([[raw, 2]]) });
  });

  it("measures nothing when the deadline cuts the mix short", async () => {
    const hangs = ctx(() => new Promise<Answer>(() => {}));
    expect(await askMix(hangs, [q("CREATE")], performance.now() + 50)).toBeUndefined();
  });
});

describe("merging shards", () => {
  const shard = (signature: string, count: number, share: number): Bucket =>
    ({
      signature,
      count,
      phases: { corpus: 0, generated: count, invariant: 0 },
      minors: ["1.37"],
      phase: "generated",
      reduction: { status: "minimal", calls: 1, lines: 1, moves: [] },
      example: { caseFile: `- ${signature}\n` },
      impact: { share, affected: share * 100, decided: 100 },
    }) as unknown as Bucket;

  it("ranks the merged causes by impact, with the widest share any shard measured", () => {
    const merged = mergeBuckets([
      [shard("frequent", 50, 0.01), shard("wide", 1, 0.1)],
      [shard("frequent", 40, 0.02), shard("wide", 2, 0.3)],
    ]);
    expect(merged.map((b) => [b.signature, b.count, b.impact?.share])).toEqual([
      ["wide", 3, 0.3],
      ["frequent", 90, 0.02],
    ]);
  });
});

describe("the raw signature of a generateName CREATE", () => {
  // A validating policy sees such a CREATE under its generated name (the model takes the clause on
  // every one): it decides only where a name is read. A policy on secrets, a pod created: the rule's
  // resource decided, and a tool matching it is not one that reads the generated name otherwise.
  const policy = (resourceNames?: string[]): Query["subject"] => ({
    kind: "ValidatingAdmissionPolicy",
    policy: {
      matchConstraints: {
        resourceRules: [
          {
            operations: ["*"],
            apiGroups: [""],
            apiVersions: ["v1"],
            resources: [resourceNames ? "pods" : "secrets"],
            ...(resourceNames && { resourceNames }),
          },
        ],
      },
    },
    binding: {},
  });
  const request: Query["request"] = {
    operation: "CREATE",
    resource: { group: "", version: "v1", resource: "pods" },
    kind: { group: "", version: "v1", kind: "Pod" },
    namespace: "default",
    name: "",
    object: { apiVersion: "v1", kind: "Pod", metadata: { generateName: "web-", namespace: "default" } },
  };
  const matched: Answer = { answer: "outcome", outcome: { outcome: "match" } };
  const raw = (s: Query["subject"]) => {
    const d = decide(s, { namespaces: { default: {} } }, request, "1.37");
    expect(d.outcome.outcome).toBe("noMatch");
    expect(d.clauses).toContain("policy.validatingSeesGeneratedName");
    return signature(d.clauses, "noMatch", matched);
  };

  it("is not keyed on the generated name where no name is read", () => {
    expect(raw(policy())).not.toMatch(/validatingSeesGeneratedName/);
  });

  it("is keyed on it where resourceNames read the name", () => {
    expect(raw(policy([""]))).toMatch(/^policy\.validatingSeesGeneratedName/);
  });
});
