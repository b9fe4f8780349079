// One failure reduced to its minimal, canonical case, and what that case is about. A divergence is
// reduced while the model and the implementation keep the same two outcomes; an invariant's
// violation is first read as the divergence of whichever side the model disagrees with, so that it
// joins the bucket of its cause, and is reduced as a violation only when neither side diverges.
import { agree } from "../../oracles/contract/agreement.ts";
import type { Outcome } from "../../oracles/contract/outcome.ts";
import type { Query } from "../../oracles/invariants/invariant.ts";
import type { ClauseName } from "../../oracles/model/clauses.ts";
import { toCaseFile } from "../../reports/caseFile.ts";
import type { Example } from "../../reports/runReport.ts";
import { checkInvariant } from "../properties/checkInvariant.ts";
import type { RunContext } from "../run/runContext.ts";
import type { Reduction } from "../shrink/normaliseQuery.ts";
import { normaliseQuery } from "../shrink/normaliseQuery.ts";
import type { Move } from "../shrink/simplifications.ts";
import type { Diagnosis, Placement } from "./bucketKey.ts";
import { diagnosisOf, sourceOf, titleOf } from "./bucketKey.ts";
import { celTopicOf } from "./celTopic.ts";
import type { Failure } from "./failureLog.ts";
import type { CelPart } from "./rules/celPart.ts";
import { divergentPart } from "./rules/celPart.ts";
import { placementOf } from "./rules/placement.ts";
import { answerName, decidingClause } from "./signature.ts";

export interface ReducedFailure {
  readonly diagnosis: Diagnosis;
  readonly example: Example;
  readonly reduction: Reduction;
  /** The invariant whose violation this is, when it came from the invariant phase. */
  readonly invariant?: string;
}

/** Calls one reduction may spend on the implementation. */
const maxCalls = 600;

/**
 * Reduces one failure until `deadline` (performance.now()); `reduce: false`, a deadline already
 * past, or `failed` (why an earlier attempt at this reduction broke), keys it on its example as it
 * is, marked unreduced with the reason.
 */
export async function reduceFailure(
  ctx: RunContext,
  f: Failure,
  deadline: number,
  reduce = true,
  failed?: string,
): Promise<ReducedFailure> {
  const allowed = (q: Query) => ctx.allows(q);
  const off =
    failed ??
    (!reduce
      ? "reduction is off for this run"
      : performance.now() >= deadline
        ? "the run's time limit came before this reduction"
        : undefined);
  if (f.invariant) {
    const inv = f.invariant;
    const side = divergentSide(ctx, f);
    if (side === undefined) return reduceViolation(ctx, f, deadline, off);
    const asDivergence = { ...f, query: side.query, actual: { answer: "outcome" as const, outcome: side.outcome } };
    const reduced = await reduceDivergence(ctx, asDivergence, deadline, allowed, off);
    return { ...reduced, invariant: inv.invariant.name };
  }
  return reduceDivergence(ctx, f, deadline, allowed, off);
}

/**
 * A move may not lead the divergence onto another path of kube-apiserver's: the clause the model's
 * decision now turns on must be the one it turned on, or one the decision already went through.
 * Otherwise a reduction of one bug's example could wander into another bug of the same
 * implementation (dropping a binding turns "mutating policies skip DELETE" into "no binding, no
 * evaluation") and two causes would share a bucket.
 */
function staysOnPath(before: readonly ClauseName[], after: readonly ClauseName[]): boolean {
  const now = decidingClause(after);
  return now === "none" || now === decidingClause(before) || before.includes(now);
}

/**
 * The diagnosis of a divergence that lives in a placement: keyed on it alone, whatever clause
 * decided and whichever way the outcomes differ (an ignored constraint turns a non-match into a
 * match, a failed lookup into a decision, another resource's match into this one).
 */
function placed(d: Diagnosis, where: Placement): Diagnosis {
  const topic = `placement.${where}`;
  return { ...d, topic, key: topic };
}

/**
 * A corpus test that the implementation fails by its message alone: its outcome (and code) agree
 * with the model's, and the words the test expects are missing. Undefined for any other failure.
 */
function missingWords(ctx: RunContext, f: Failure): string | undefined {
  if (f.corpus === undefined || f.actual.answer !== "outcome") return undefined;
  const e = f.expected;
  if ((e.outcome !== "error" && e.outcome !== "invalid") || !("contains" in e) || e.contains === undefined)
    return undefined;
  return agree(ctx.model(f.query, false).outcome, f.actual.outcome) ? e.contains : undefined;
}

const says = (o: Outcome, words: string) => "message" in o && o.message.includes(words);

/** The diagnosis of a message-only divergence: keyed apart from any disagreement on the outcome. */
function worded(d: Diagnosis, words: string): Diagnosis {
  // The words of a condition's evaluation error are the CEL implementation's, whichever function erred.
  const topic = d.topic.startsWith("cel ") ? "cel messages" : d.topic;
  return { ...d, topic, key: `${topic} · another message`, wording: words };
}

/** The model's decision on `q` turns on the evaluation of its matchConditions. */
function turnsOnConditions(ctx: RunContext, q: Query): boolean {
  return celTopicOf(q, decidingClause(ctx.model(q, false).clauses)) !== undefined;
}

/** The diagnosis of a divergence in one part of a condition: keyed on what the part turns on. */
function parted(d: Diagnosis, part: CelPart): Diagnosis {
  const topic = `cel ${part.name}`;
  return { ...d, topic, key: topic, features: [], celPart: { expression: part.expression, reference: part.reference } };
}

interface Pair {
  readonly model: string;
  readonly impl: string;
}

/**
 * Does a move keep the divergence? The two outcomes stay as they were (turned round by a move that
 * makes an exclusion an inclusion), or become plainer: an error on either side is a side condition
 * (a missing namespace, a kindless equivalent) and "both match, through other resources" a
 * consequence, so the reduction may drop them while the implementation still disagrees.
 */
function keepsDivergence(from: Pair, to: Pair, outcomes: "same" | "inverted"): boolean {
  const turn = (o: string) => (o === "match" ? "noMatch" : o === "noMatch" ? "match" : o);
  const want = outcomes === "inverted" ? { model: turn(from.model), impl: turn(from.impl) } : from;
  if (to.model === want.model && to.impl === want.impl) return true;
  if (outcomes === "inverted") return false;
  // A validity family stays itself, whatever the other side decides: only the subject's validity is
  // at stake, so selectors, namespaces and the request may all go.
  if (from.impl === "invalid") return to.impl === "invalid" && to.model !== "invalid";
  if (from.model === "invalid") return to.model === "invalid" && to.impl !== "invalid";
  return plainness(to) < plainness(from);
}

/** 0: match against noMatch; 1: both match, through other resources; 2: an error on either side. */
function plainness(p: Pair): number {
  if (p.model === "error" || p.impl === "error") return 2;
  if (p.model === p.impl) return 1;
  return p.model === "invalid" || p.impl === "invalid" ? 3 : 0;
}

/** The side of a violated invariant whose outcome the model does not share, if any. */
function divergentSide(ctx: RunContext, f: Failure): { query: Query; outcome: Outcome } | undefined {
  const inv = f.invariant;
  if (!inv) return undefined;
  if (!agree(ctx.model(f.query, false).outcome, inv.baseOutcome)) return { query: f.query, outcome: inv.baseOutcome };
  if (!agree(ctx.model(inv.variant, false).outcome, inv.variantOutcome))
    return { query: inv.variant, outcome: inv.variantOutcome };
  return undefined;
}

async function reduceDivergence(
  ctx: RunContext,
  f: Failure,
  deadline: number,
  allowed: (q: Query) => boolean,
  off?: string,
): Promise<ReducedFailure> {
  const modelName = ctx.model(f.query, false).outcome.outcome;
  const implName = answerName(f.actual);
  const words = missingWords(ctx, f);
  let reduction: Reduction;
  if (f.actual.answer === "broken" || off !== undefined) {
    reduction = {
      status: "unreduced",
      query: f.query,
      calls: 0,
      moves: [],
      why: off ?? "an implementation that crashed, hung or broke the protocol is not asked the same again",
    };
  } else {
    let pair: Pair = { model: modelName, impl: implName };
    let trace = ctx.model(f.query, false).clauses;
    const stillDiverges = async (q: Query, move: Move) => {
      const decision = ctx.model(q, false);
      // Only the message differs: the model keeps the expected words, the implementation agrees
      // with its outcome and still leaves them out, on the same path.
      if (words !== undefined) {
        if (!staysOnPath(trace, decision.clauses) || !says(decision.outcome, words)) return false;
        const a = await ctx.matcher.match(q);
        return a.answer === "outcome" && agree(decision.outcome, a.outcome) && !says(a.outcome, words);
      }
      // A move may not lead elsewhere unless it repairs a side condition (decided without asking).
      const family = pair.model === "invalid" || pair.impl === "invalid";
      const free = family || move.repairs === true || move.outcomes === "inverted";
      if (!free && !staysOnPath(trace, decision.clauses)) return false;
      const a = await ctx.matcher.match(q);
      if (f.actual.answer === "errored") return a.answer === "errored";
      if (a.answer !== "outcome" || agree(decision.outcome, a.outcome)) return false;
      const next: Pair = { model: decision.outcome.outcome, impl: a.outcome.outcome };
      if (!keepsDivergence(pair, next, move.outcomes ?? "same")) return false;
      pair = next;
      trace = decision.clauses;
      return true;
    };
    reduction = await normaliseQuery(f.query, stillDiverges, { maxCalls, deadline, allowed });
  }
  const reduced = reduction.query;
  const reducedActual = reduction.calls === 0 ? f.actual : await ctx.matcher.match(reduced);
  // A divergence in the conditions' evaluation: the part of a condition the implementation gets
  // wrong, asked about on its own, is the minimal case.
  const part =
    words === undefined && off === undefined && reducedActual.answer === "outcome" && turnsOnConditions(ctx, reduced)
      ? await divergentPart(ctx, reduced)
      : undefined;
  const q = part?.query ?? reduced;
  const model = ctx.model(q, false);
  const actual = part?.answer ?? reducedActual;
  const located =
    words === undefined && part === undefined && reduction.calls > 0 && actual.answer === "outcome"
      ? await placementOf(ctx, q)
      : undefined;
  const found = diagnosisOf(q, model.clauses, model.outcome.outcome, actual);
  const diagnosis = located
    ? placed(found, located)
    : words !== undefined
      ? worded(found, words)
      : part !== undefined
        ? parted(found, part)
        : found;
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

/** Neither side diverges from the model: the violation itself is reduced, base and variant kept apart. */
async function reduceViolation(
  ctx: RunContext,
  f: Failure,
  deadline: number,
  off: string | undefined,
): Promise<ReducedFailure> {
  const inv = f.invariant;
  if (!inv) throw new Error("reduceViolation needs an invariant failure");
  const different = (a: Query, b: Query) => JSON.stringify(a) !== JSON.stringify(b);
  const violated = async (q: Query) => {
    const check = await checkInvariant(inv.invariant, q, inv.extra, (x) => ctx.outcomeOf(x));
    return check.result === "violated" && different(check.base.query, check.variant.query);
  };
  const reduction: Reduction =
    off !== undefined
      ? { status: "unreduced", query: f.query, calls: 0, moves: [], why: off }
      : await normaliseQuery(f.query, violated, {
          maxCalls,
          deadline,
          allowed: (q) => {
            const pair = inv.invariant.pair(q, inv.extra);
            return pair !== undefined && ctx.allows(pair[0]) && ctx.allows(pair[1]);
          },
        });
  const check =
    reduction.calls === 0
      ? ({ result: "holds" } as const)
      : await checkInvariant(inv.invariant, reduction.query, inv.extra, (x) => ctx.outcomeOf(x));
  const base = check.result === "violated" ? check.base : { query: f.query, outcome: inv.baseOutcome };
  const variant = check.result === "violated" ? check.variant : { query: inv.variant, outcome: inv.variantOutcome };
  const name = inv.invariant.name;
  const diagnosis: Diagnosis = {
    key: `invariant ${name}`,
    clause: "none",
    topic: `invariant ${name}`,
    model: base.outcome.outcome,
    implementation: variant.outcome.outcome,
    features: [],
  };
  const reference = (q: Query) => ctx.model(q, false).outcome;
  const example: Example = {
    phase: "invariant",
    query: base.query,
    expected: reference(base.query),
    actual: { answer: "outcome", outcome: base.outcome },
    variant: {
      query: variant.query,
      actual: { answer: "outcome", outcome: variant.outcome },
      relation: inv.invariant.statement,
      expected: reference(variant.query),
    },
    clauses: [],
    caseFile: toCaseFile([
      { description: `${name}: base`, source: inv.invariant.source, query: base.query, outcome: reference(base.query) },
      {
        description: `${name}: variant`,
        source: inv.invariant.source,
        query: variant.query,
        outcome: reference(variant.query),
      },
    ]),
    ...(f.seed !== undefined && { seed: f.seed }),
    ...(f.path !== undefined && { path: f.path }),
  };
  return { diagnosis, example, reduction, invariant: name };
}
