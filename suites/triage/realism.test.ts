// Reductions stay reproducible: once a case can be put to a real cluster, no step the reducer keeps
// makes it one that cannot (the apiserver oracle's check), even with a predicate that keeps every
// move; without the check the same predicate loses it (so the property can fail).
import { test } from "@fast-check/vitest";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { scenario } from "../../generators/scenario.ts";
import type { Answer } from "../../oracles/adapters/matcher.ts";
import { modelMatcher } from "../../oracles/adapters/modelMatcher.ts";
import { tenantCollectionItem } from "../../oracles/apiserver/testQueries.ts";
import type { Query } from "../../oracles/contract/query.ts";
import { decide } from "../../oracles/model/decide.ts";
import { fastCheckParameters } from "../properties/fastCheckParameters.ts";
import { normaliseQuery } from "../shrink/normaliseQuery.ts";
import { diagnose } from "./diagnose.ts";
import type { Failure } from "./failureLog.ts";
import { FailureLog } from "./failureLog.ts";
import { realismOrder, reproducibleBy, whyUnreal } from "./realism.ts";
import type { ReducedFailure } from "./reducedFailure.ts";
import { signature } from "./signature.ts";
import type { TriageContext } from "./triageContext.ts";

const ctx = { model: (q: Query) => decide(q.subject, q.cluster, q.request, q.kubernetesVersion) };
const real = reproducibleBy(ctx);

/** Every query a reduction that keeps every move passes through, the start included. */
async function steps(q: Query, guarded: boolean): Promise<Query[]> {
  const kept: Query[] = [q];
  const options = { maxCalls: 300, ...(guarded && { reproducible: real }) };
  await normaliseQuery(
    q,
    (c) => {
      kept.push(c);
      return true;
    },
    options,
  );
  return kept;
}

describe("a reduction never trades a reproducible case for one that is not", () => {
  test.prop([scenario({}).filter(real)], fastCheckParameters<[Query]>(40))(
    "every step of a greedy reduction of a reproducible scenario stays reproducible",
    async (q) => {
      for (const step of await steps(q, true)) expect(whyUnreal(ctx, step)).toBeUndefined();
    },
    300_000,
  );

  it("without the check, the same reductions lose it (a MatchResources on a generateName create, an UPDATE without a name)", async () => {
    const start = fc.sample(scenario({}), { seed: 3, numRuns: 150 }).filter(real);
    let lost = 0;
    for (const q of start) if ((await steps(q, false)).some((s) => !real(s))) lost++;
    expect(lost).toBeGreaterThan(0);
  }, 300_000);
});

describe("a cause's example is its most realistic one", () => {
  const model = modelMatcher();
  // The bug: a CREATE that should match does not.
  const matcher = {
    match: async (q: Query): Promise<Answer> => {
      const a = await model.match(q);
      return a.answer === "outcome" && a.outcome.outcome === "match" && q.request.operation === "CREATE"
        ? { answer: "outcome", outcome: { outcome: "noMatch" } }
        : a;
    },
  };
  const triage: TriageContext = {
    matcher,
    model: ctx.model,
    allows: () => true,
    decidedBy: () => "model",
    referenceOutcome: async (q) => ctx.model(q).outcome,
    outcomeOf: async (q) => {
      const a = await matcher.match(q);
      return a.answer === "outcome" ? a.outcome : undefined;
    },
  };
  const pods = (namespace: string, name: string): Query => ({
    kubernetesVersion: "1.37",
    subject: {
      kind: "MatchResources",
      matchResources: {
        resourceRules: [{ operations: ["CREATE"], apiGroups: [""], apiVersions: ["v1"], resources: ["pods"] }],
      },
    },
    cluster: { namespaces: { [namespace]: { "kubernetes.io/metadata.name": namespace } } },
    request: {
      operation: "CREATE",
      resource: { group: "", version: "v1", resource: "pods" },
      kind: { group: "", version: "v1", kind: "Pod" },
      namespace,
      name,
      object: { apiVersion: "v1", kind: "Pod", metadata: { name, namespace } },
    },
  });
  const failure = async (q: Query, phase: "corpus" | "generated"): Promise<Failure> => ({
    phase,
    query: q,
    expected: ctx.model(q).outcome,
    actual: await matcher.match(q),
    ...(phase === "corpus" && { corpus: { file: "suites/cases/real.yaml", case: "a real case", test: "t" } }),
  });

  it("is the corpus case's, though generated scenarios hit the cause more often and came first", async () => {
    const log = new FailureLog();
    // A generated scenario a real cluster cannot be asked: its namespace does not exist.
    const unreal = { ...pods("gone", "x"), cluster: { namespaces: {} } };
    const generated = await failure(unreal, "generated");
    const corpus = await failure(pods("default", "coredns"), "corpus");
    // The raw signature both share: the deciding clause and the two outcomes.
    const raw = signature(ctx.model(corpus.query).clauses, "match", corpus.actual);
    for (let i = 0; i < 5; i++) log.add(raw, () => generated, "1.37", "generated");
    log.add(raw, () => corpus, "1.37", "corpus");
    const mix = [pods("default", "web"), pods("kube-system", "coredns")];
    const buckets = await diagnose(triage, log, Number.POSITIVE_INFINITY, true, mix);
    expect(buckets).toHaveLength(1);
    expect(buckets[0]?.example.corpus?.case).toBe("a real case");
    expect(buckets[0]?.example.query.request.namespace).toBe("default");
    expect(buckets[0]?.count).toBe(6);
    expect(buckets[0]?.impact).toEqual({ share: 1, affected: 2, decided: 2 });
  });
});

describe("of two examples no cluster reproduces", () => {
  // A deletecollection item of a cluster-scoped custom resource named namespaces: a real request,
  // whose bare MatchResources' lookup of "" the oracle cannot put to the server.
  const unobservable: Query = {
    kubernetesVersion: "1.37",
    subject: {
      kind: "MatchResources",
      matchResources: {
        namespaceSelector: { matchExpressions: [{ key: "kubernetes.io/metadata.name", operator: "DoesNotExist" }] },
        resourceRules: [],
      },
    },
    cluster: {},
    request: tenantCollectionItem,
  };
  // A pod in a namespace that does not exist, which no real cluster admits.
  const unreal: Query = {
    kubernetesVersion: "1.37",
    subject: { kind: "MatchResources", matchResources: {} },
    cluster: { namespaces: {} },
    request: {
      operation: "CREATE",
      resource: { group: "", version: "v1", resource: "pods" },
      kind: { group: "", version: "v1", kind: "Pod" },
      namespace: "gone",
      name: "web",
      object: { apiVersion: "v1", kind: "Pod", metadata: { name: "web", namespace: "gone" } },
    },
  };
  const reduced = (q: Query, caseFile: string) =>
    ({ example: { query: q, caseFile }, reduction: { status: "minimal" } }) as unknown as ReducedFailure;

  it("shows the real request the oracle cannot observe before an input no cluster sends, however small", () => {
    expect(whyUnreal(ctx, unobservable)?.kind).toBe("unobservable");
    expect(whyUnreal(ctx, unreal)?.kind).toBe("unreal-input");
    // The unreal one is the smaller: size alone would show it, and set the cause apart as unreal.
    const a = reduced(unobservable, "x".repeat(500));
    const b = reduced(unreal, "x");
    expect(realismOrder(ctx, a, b)).toBeLessThan(0);
    expect(realismOrder(ctx, b, a)).toBeGreaterThan(0);
  });
});
