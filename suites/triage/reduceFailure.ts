// One failure reduced to its minimal, canonical case, and what that case is about. A divergence is
// reduced while the model and the implementation keep the same two outcomes (keepsDivergence.ts),
// then the rules of rules/ may name its cause better than its deciding clause; an invariant's
// violation is first read as the divergence of whichever side the model disagrees with, so that it
// joins the bucket of its cause, and is reduced as a violation only when neither side diverges.
import type { Answer } from "../../oracles/adapters/matcher.ts";
import { notAsked } from "../../oracles/adapters/matcher.ts";
import { agree } from "../../oracles/contract/agreement.ts";
import type { Outcome } from "../../oracles/contract/outcome.ts";
import type { Query } from "../../oracles/contract/query.ts";
import { toCaseFile } from "../../reports/caseFile.ts";
import type { Example } from "../../reports/runReport.ts";
import type { Move } from "../shrink/move.ts";
import type { Reduction } from "../shrink/normaliseQuery.ts";
import { normaliseQuery } from "../shrink/normaliseQuery.ts";
import { diagnosisOf, sourceOf, titleOf } from "./bucketKey.ts";
import { wasCut } from "./ceilingCut.ts";
import type { Failure } from "./failureLog.ts";
import { stillDiverges } from "./keepsDivergence.ts";
import { reproducibleBy } from "./realism.ts";
import type { ReducedFailure } from "./reducedFailure.ts";
import { maxCalls } from "./reducedFailure.ts";
import { reduceOutside } from "./reduceOutside.ts";
import { reduceViolation } from "./reduceViolation.ts";
import { firstFinding } from "./rules/index.ts";
import { missingWords } from "./rules/messageOnly.ts";
import type { TriageContext } from "./triageContext.ts";

/** Why a failure the time left no room to reduce is unreduced. */
const timeOff = "the run's time limit came before this reduction";

/** Why a failure is unreduced whose implementation stopped answering during its reduction. */
const brokenOff = "the implementation was declared broken before this reduction ended";

/**
 * Reduces one failure until `deadline` (performance.now()); `reduce: false`, a deadline already
 * past, or `failed` (why an earlier attempt at this reduction broke), keys it on its example as it
 * is, marked unreduced with the reason. `probeRaw`: time is kept for the behaviour probes after the
 * deadline (ceilingCut.ts), so that one the time left unreduced is probed on its raw example.
 */
export async function reduceFailure(
  ctx: TriageContext,
  f: Failure,
  deadline: number,
  reduce = true,
  failed?: string,
  probeRaw = false,
): Promise<ReducedFailure> {
  const late = performance.now() >= deadline;
  const off = failed ?? (!reduce ? "reduction is off for this run" : late ? timeOff : undefined);
  // The rules see a raw example the time left unreduced as one its reduction did not shrink.
  const probe = probeRaw && off === timeOff;
  if (f.reference !== undefined && f.reference !== "model") return reduceOutside(ctx, f, f.reference, deadline, off);
  if (f.invariant) {
    const inv = f.invariant;
    const side = divergentSide(ctx, f);
    if (side === undefined) return reduceViolation(ctx, f, deadline, off);
    const asDivergence = { ...f, query: side.query, actual: { answer: "outcome" as const, outcome: side.outcome } };
    const reduced = await reduceDivergence(ctx, asDivergence, deadline, off, undefined, probe);
    return { ...reduced, invariant: inv.invariant.name };
  }
  return reduceDivergence(ctx, f, deadline, off, undefined, probe);
}

/** The side of a violated invariant whose outcome the model does not share, if any. */
function divergentSide(ctx: TriageContext, f: Failure): { query: Query; outcome: Outcome } | undefined {
  const inv = f.invariant;
  if (!inv) return undefined;
  if (!agree(ctx.model(f.query, false).outcome, inv.baseOutcome)) return { query: f.query, outcome: inv.baseOutcome };
  if (!agree(ctx.model(inv.variant, false).outcome, inv.variantOutcome))
    return { query: inv.variant, outcome: inv.variantOutcome };
  return undefined;
}

/**
 * The divergence's reduction, or why there is none. `seen`: what is asked of each case the reducer
 * makes (unmask.ts keeps another bug's trigger out of it, kube-apiserver deciding alike); the
 * minimal case is the one seen.
 */
async function reductionOf(
  ctx: TriageContext,
  f: Failure,
  deadline: number,
  words: string | undefined,
  off: string | undefined,
  seen?: (q: Query) => Query,
): Promise<Reduction> {
  if (f.actual.answer === "broken" || off !== undefined) {
    const why = off ?? "an implementation that crashed, hung or broke the protocol is not asked the same again";
    return { status: "unreduced", query: f.query, calls: 0, moves: [], why };
  }
  const diverges = stillDiverges(ctx, f, words);
  const real = reproducibleBy(ctx);
  if (seen === undefined)
    return normaliseQuery(f.query, diverges, { maxCalls, deadline, allowed: (q) => ctx.allows(q), reproducible: real });
  const allowed = (q: Query) => ctx.allows(seen(q));
  const reproducible = (q: Query) => real(seen(q));
  // A move that changes nothing of what is asked (drops what `seen` puts back) simplifies nothing.
  let asked = JSON.stringify(seen(f.query));
  const stillFails = async (q: Query, move: Move) => {
    const s = seen(q);
    if (JSON.stringify(s) === asked || !(await diverges(s, move))) return false;
    asked = JSON.stringify(s);
    return true;
  };
  const r = await normaliseQuery(f.query, stillFails, { maxCalls, deadline, allowed, reproducible });
  return { ...r, query: seen(r.query) };
}

/**
 * A divergence reduced and keyed; `seen` as reductionOf's; `probe`: the rules may probe it even
 * though it was not reduced (they are told no reason why).
 */
export async function reduceDivergence(
  ctx: TriageContext,
  f: Failure,
  deadline: number,
  off: string | undefined,
  seen?: (q: Query) => Query,
  probe = false,
): Promise<ReducedFailure> {
  const words = missingWords(ctx, f);
  let reduction = await reductionOf(ctx, f, deadline, words, off, seen);
  let reducedActual: Answer = reduction.calls === 0 ? f.actual : await ctx.matcher.match(reduction.query);
  // The ceiling came before the reduced case's answer, or the implementation was declared broken
  // (its answers since are no answers: childMatcher.ts `notAsked`): the raw example stands, as if
  // never reduced, and keeps the implementation's own answer.
  if (wasCut(reducedActual) || notAsked(reducedActual)) {
    const why = wasCut(reducedActual) ? timeOff : brokenOff;
    reduction = { status: "unreduced", query: f.query, calls: 0, moves: [], why };
    reducedActual = f.actual;
  }
  if (probe && reduction.status === "unreduced")
    reduction = { ...reduction, why: `${reduction.why}; its cause was probed on the raw example` };
  const reduced = reduction.query;
  const finding = await firstFinding(ctx, {
    query: reduced,
    answer: reducedActual,
    reduced: reduction.calls > 0,
    off: probe ? undefined : off,
    words,
  });
  const q = finding?.query ?? reduced;
  const model = ctx.model(q, false);
  const actual = finding?.answer ?? reducedActual;
  const found = diagnosisOf(q, model.clauses, model.outcome.outcome, actual);
  const diagnosis = finding ? finding.rekey(found) : found;
  const title = titleOf(diagnosis);
  const source = sourceOf(diagnosis);
  const example: Example = {
    phase: f.phase,
    query: q,
    expected: model.outcome,
    actual,
    clauses: model.clauses,
    caseFile: toCaseFile([
      { description: title, ...(source && { source }), query: q, outcome: model.outcome, contains: words },
    ]),
    ...(f.corpus && { corpus: f.corpus }),
    ...(f.seed !== undefined && { seed: f.seed }),
    ...(f.path !== undefined && { path: f.path }),
  };
  return { diagnosis, example, reduction };
}
