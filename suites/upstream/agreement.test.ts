// The reference model against the upstream Go oracle (k8s.io/apiserver's own code) at several
// minors: every corpus test, then generated scenarios of every subject kind, manifests with
// omitted fields and invalid ones, scenarios with matchConditions, scenarios with params, and
// hand-written CEL probes (celProbes.txt). Every divergence is a finding against one of the two.
// Outcomes are compared as docs/case-format.md "When two answers agree" says, params exactly; an invalid subject's
// condition messages too where the model claims them word for word (cel-go's compile issues with
// position and snippet).
//   MATCHCONFORM_UPSTREAM_MINORS  minors to build and compare (default 1.34,1.37)
//   MATCHCONFORM_UPSTREAM_RUNS    generated scenarios per minor (default 1500; nightly 20000)
//   MATCHCONFORM_UPSTREAM_CONDITION_RUNS  generated scenarios per minor, half whose policy or webhook
//                                 carries matchConditions, with drawn users, half whose policy carries
//                                 params (default 1500; nightly 20000)
//   MATCHCONFORM_REQUIRE_GO=1     build the oracles if need be, and fail without a Go toolchain (CI
//                                 sets it); without it the suite runs only where every minor's
//                                 oracle is already built (suites/slowSuites.ts)
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scenario } from "../../generators/scenario.ts";
import type { SwarmConstraints } from "../../generators/swarm.ts";
import { startChildMatcher } from "../../oracles/adapters/childMatcher.ts";
import type { Answer, Matcher } from "../../oracles/adapters/matcher.ts";
import { buildUpstreamOracle, hasGo } from "../../oracles/adapters/upstreamBuild.ts";
import { agree } from "../../oracles/contract/agreement.ts";
import { carriesMatchConditions, carriesParams } from "../../oracles/contract/features.ts";
import type { Outcome } from "../../oracles/contract/outcome.ts";
import type { Query } from "../../oracles/contract/query.ts";
import type { Minor } from "../../oracles/contract/versions.ts";
import { isMinor } from "../../oracles/contract/versions.ts";
import { decide } from "../../oracles/model/decide.ts";
import { exactConditionMessages } from "../../oracles/model/matchConditions.ts";
import { formatAnswer } from "../../reports/answerText.ts";
import { toCaseFile } from "../../reports/caseFile.ts";
import { formatFailures } from "../../reports/replayText.ts";
import { collectCaseFiles } from "../format/collectCaseFiles.ts";
import { loadCaseFile } from "../format/loadCaseFile.ts";
import { replayWith } from "../replay/replayCases.ts";
import { normaliseQuery } from "../shrink/normaliseQuery.ts";
import { slowSuiteGate } from "../slowSuites.ts";
import { inParallel } from "../triage/inParallel.ts";
import { celProbeQueries, celProbes } from "./celProbes.ts";

const minors = (process.env.MATCHCONFORM_UPSTREAM_MINORS ?? "1.34,1.37").split(",").map((m) => m.trim());
const runs = Number(process.env.MATCHCONFORM_UPSTREAM_RUNS ?? 1500);
const extendedRuns = Number(process.env.MATCHCONFORM_UPSTREAM_CONDITION_RUNS ?? 1500);
const conditionRuns = Math.ceil(extendedRuns / 2);
const paramRuns = extendedRuns - conditionRuns;
const modelOutcome = (q: Query) => decide(q.subject, q.cluster, q.request, q.kubernetesVersion).outcome;

/**
 * Where both find the subject invalid, upstream's message holds every condition message the model
 * claims word for word (cel-go's compile issues with position and snippet, "must evaluate to bool").
 */
function conditionMessagesAgree(q: Query, a: Answer): boolean {
  if (a.answer !== "outcome" || a.outcome.outcome !== "invalid" || modelOutcome(q).outcome !== "invalid") return true;
  const s = q.subject;
  const conditions = "policy" in s ? s.policy.matchConditions : "webhook" in s ? s.webhook.matchConditions : [];
  const hasParams = "policy" in s && s.policy.paramKind !== undefined;
  const upstream = a.outcome.message;
  return exactConditionMessages(conditions, hasParams, q.kubernetesVersion).every((m) => upstream.includes(m));
}
const gate = slowSuiteGate("upstream", minors);
const goAvailable = await hasGo();
const cases = collectCaseFiles([new URL("../cases", import.meta.url).pathname]).flatMap(loadCaseFile);

if (!gate.runs) console.warn(`suites/upstream: ${gate.why}`);

describe.skipIf(!gate.runs).each(minors)("the upstream oracle at Kubernetes %s", (minor) => {
  let oracle: Matcher;

  beforeAll(async () => {
    if (!goAvailable) throw new Error("Go is not on PATH, and MATCHCONFORM_REQUIRE_GO=1 asks for the upstream oracle");
    if (!isMinor(minor)) throw new Error(`MATCHCONFORM_UPSTREAM_MINORS names ${minor}, which format v1 does not cover`);
    const binary = await buildUpstreamOracle(minor, (line) => process.stderr.write(`${line}\n`));
    oracle = await startChildMatcher(JSON.stringify(binary));
  }, 3_600_000);

  afterAll(async () => {
    await oracle?.close();
  });

  it("passes every corpus test at this minor", async () => {
    const results = await replayWith(oracle, cases, minor as Minor);
    expect(results.length).toBeGreaterThan(0);
    expect(formatFailures(results).join("\n\n")).toBe("");
  }, 600_000);

  it(`decides ${runs} generated scenarios as the model does`, async () => {
    // Manifest edges on: nulls, policyName and their defects reach the upstream decoding too; and
    // the inputs no real cluster produces (kindless equivalents), which upstream code still decides.
    const edges = { minors: [minor as Minor], subjectKinds: oracle.subjects, manifestEdges: true, unrealInputs: true };
    await expectAgreement(oracle, fc.sample(scenario(edges), { seed: 20261201, numRuns: runs }));
  }, 1_800_000);

  it(`decides ${conditionRuns} scenarios with matchConditions and users as the model does`, async () => {
    // The oracle claims the opt-in feature, and every scenario carries conditions: a policy or
    // webhook (a MatchResources has none) with one to three, true, false, erring or invalid.
    expect(oracle.capabilities.features.matchConditions).toBe(true);
    const conditioned = scenario({
      minors: [minor as Minor],
      subjectKinds: oracle.subjects.filter((k) => k !== "MatchResources"),
      manifestEdges: true,
      capabilities: oracle.capabilities,
      conditionRate: 1,
    });
    const queries = fc.sample(conditioned, { seed: 20261202, numRuns: conditionRuns });
    expect(queries.filter((q) => carriesMatchConditions(q.subject))).toHaveLength(conditionRuns);
    await expectAgreement(oracle, queries);
  }, 1_800_000);

  it(`decides ${paramRuns} scenarios with params as the model does`, async () => {
    // The oracle claims the opt-in feature, and every scenario is a policy with a paramKind: a
    // custom kind, v1 ConfigMap or one nothing serves, param objects, a paramRef or none, and
    // now and then a matchCondition that reads params. Half are drawn as the others are; half
    // with a binding and without selectors, excludes, resource names or the exempt and
    // equivalents corners, so that the policy matches and its params are collected more often.
    expect(oracle.capabilities.features.params).toBe(true);
    const withParams = (focused: boolean) =>
      scenario({
        minors: [minor as Minor],
        subjectKinds: oracle.subjects.filter((k) => k.endsWith("AdmissionPolicy")),
        manifestEdges: true,
        capabilities: oracle.capabilities,
        paramRate: 1,
        ...(focused && { swarm: paramsReached, invalidRate: 0.05 }),
      });
    const half = Math.ceil(paramRuns / 2);
    const queries = [
      ...fc.sample(withParams(false), { seed: 20261203, numRuns: half }),
      ...fc.sample(withParams(true), { seed: 20261204, numRuns: paramRuns - half }),
    ];
    expect(queries.filter(carriesParams)).toHaveLength(paramRuns);
    await expectAgreement(oracle, queries);
  }, 1_800_000);

  it("decides the hand-written CEL probes as the model does", async () => {
    const queries = celProbeQueries(minor as Minor);
    // Most probes are inside the model: four queries each, less those it leaves outside.
    expect(queries.length).toBeGreaterThan(celProbes.length * 2);
    await expectAgreement(oracle, queries);
  }, 600_000);
});

/**
 * agree(), and both list the same params: the oracle claims params, so where the model names the
 * params a policy ran with, upstream's answer must name them too (agree() compares them only where
 * both give them, as for an implementation that may leave them out).
 */
function agreesExactly(model: Outcome, a: Answer): boolean {
  if (a.answer !== "outcome" || !agree(model, a.outcome)) return false;
  if (model.outcome !== "match" || a.outcome.outcome !== "match") return true;
  const names = (p: readonly string[] | undefined) => JSON.stringify([...(p ?? [])].sort());
  return names(model.params) === names(a.outcome.params);
}

/** A swarm in which a policy often reaches CollectParams (about half of the scenarios, against an eighth). */
const paramsReached: SwarmConstraints = {
  bindings: true,
  selectors: false,
  excludes: false,
  resourceNames: false,
  foci: ["none", "missingNamespace"],
};

/** Sends the queries, 64 at a time, and fails with the first divergence reduced to a case. */
async function expectAgreement(oracle: Matcher, queries: readonly Query[]): Promise<void> {
  // 64 in flight, as the runner asks: with all of them sent at once, the last waited in the
  // oracle's queue past the per-case timeout on a loaded machine, and a queue is not a finding.
  const diverging: { query: Query; answer: Answer }[] = [];
  await inParallel(queries, 64, async (q) => {
    const a = await oracle.match(q);
    if (!agreesExactly(modelOutcome(q), a) || !conditionMessagesAgree(q, a)) diverging.push({ query: q, answer: a });
  });
  if (diverging.length === 0) return;
  const first = diverging[0] as (typeof diverging)[number];
  const stillDiverges = async (c: Query) => {
    const a = await oracle.match(c);
    return !agreesExactly(modelOutcome(c), a) || !conditionMessagesAgree(c, a);
  };
  const { query } = await normaliseQuery(first.query, stillDiverges);
  const upstream = await oracle.match(query);
  throw new Error(
    `${diverging.length} of ${queries.length} scenarios diverge; the first answered ${formatAnswer(first.answer)} where the model says ${formatAnswer({ answer: "outcome", outcome: modelOutcome(first.query) })}; reduced (expected = the model's answer; upstream now: ${formatAnswer(upstream)}):\n` +
      toCaseFile([{ description: "model and upstream diverge", query, outcome: modelOutcome(query) }]),
  );
}
