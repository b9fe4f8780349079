// A divergence where the model stops and an upstream oracle decided instead, reduced with that
// oracle as the reference: every move's query is put to it and to the implementation, and is kept
// while it stays where the model stops and the two outcomes stay as they were (turned round by a
// move that makes an exclusion an inclusion). No clause of the model follows the path there, so
// the rules of rules/, which read the model's clauses, are not asked.
import type { Answer } from "../../oracles/adapters/matcher.ts";
import type { UpstreamName } from "../../oracles/adapters/reference.ts";
import { agree } from "../../oracles/contract/agreement.ts";
import type { Outcome } from "../../oracles/contract/outcome.ts";
import type { Query } from "../../oracles/contract/query.ts";
import { toCaseFile } from "../../reports/caseFile.ts";
import type { Example } from "../../reports/runReport.ts";
import type { Move } from "../shrink/move.ts";
import type { Reduction } from "../shrink/normaliseQuery.ts";
import { normaliseQuery } from "../shrink/normaliseQuery.ts";
import { sourceOf, titleOf } from "./bucketKey.ts";
import type { Failure } from "./failureLog.ts";
import { outsideDiagnosis } from "./outsideKey.ts";
import { reproducibleBy } from "./realism.ts";
import type { ReducedFailure } from "./reducedFailure.ts";
import { maxCalls } from "./reducedFailure.ts";
import { says } from "./rules/messageOnly.ts";
import { answerName } from "./signature.ts";
import type { TriageContext } from "./triageContext.ts";

const turn = (o: string) => (o === "match" ? "noMatch" : o === "noMatch" ? "match" : o);

/** The words a corpus test expects that the implementation alone leaves out, its outcome agreeing with upstream's. */
function missingWords(f: Failure, reference: Outcome | undefined): string | undefined {
  const e = f.expected;
  if (f.corpus === undefined || f.actual.answer !== "outcome" || reference === undefined) return undefined;
  if ((e.outcome !== "error" && e.outcome !== "invalid") || !("contains" in e) || e.contains === undefined)
    return undefined;
  return agree(reference, f.actual.outcome) ? e.contains : undefined;
}

/** The reducer's predicate: does a move's query still diverge from `by` as `f` did? */
function stillDiverges(
  ctx: TriageContext,
  f: Failure,
  by: UpstreamName,
  first: Outcome,
  words: string | undefined,
): (q: Query, move: Move) => Promise<boolean> {
  let pair = { reference: first.outcome as string, impl: answerName(f.actual) as string };
  return async (q, move) => {
    if (ctx.decidedBy(q) !== by) return false;
    const reference = await ctx.referenceOutcome(q);
    if (reference === undefined) return false;
    const a = await ctx.matcher.match(q);
    if (f.actual.answer === "errored") return a.answer === "errored";
    if (a.answer !== "outcome") return false;
    if (words !== undefined) return says(reference, words) && agree(reference, a.outcome) && !says(a.outcome, words);
    if (agree(reference, a.outcome)) return false;
    const inverted = move.outcomes === "inverted";
    const want = inverted ? { reference: turn(pair.reference), impl: turn(pair.impl) } : pair;
    if (reference.outcome !== want.reference || a.outcome.outcome !== want.impl) return false;
    pair = { reference: reference.outcome, impl: a.outcome.outcome };
    return true;
  };
}

/** Reduces `f`, decided by `by`, until `deadline`; `off` says why it is not reduced at all. */
export async function reduceOutside(
  ctx: TriageContext,
  f: Failure,
  by: UpstreamName,
  deadline: number,
  off: string | undefined,
): Promise<ReducedFailure> {
  const first = await ctx.referenceOutcome(f.query);
  const words = missingWords(f, first);
  const why =
    off ??
    (f.actual.answer === "broken"
      ? "an implementation that crashed, hung or broke the protocol is not asked the same again"
      : first === undefined
        ? `${by} gave no outcome for it`
        : undefined);
  const reduction: Reduction =
    why !== undefined || first === undefined
      ? { status: "unreduced", query: f.query, calls: 0, moves: [], why: why ?? "" }
      : await normaliseQuery(f.query, stillDiverges(ctx, f, by, first, words), {
          maxCalls,
          deadline,
          // The reduction stays where the model stops: past it another reference would decide.
          allowed: (q) => ctx.decidedBy(q) === by && ctx.allows(q, true),
          reproducible: reproducibleBy(ctx),
        });
  const q = reduction.query;
  const expected = (reduction.calls === 0 ? first : await ctx.referenceOutcome(q)) ?? first;
  const actual: Answer = reduction.calls === 0 ? f.actual : await ctx.matcher.match(q);
  const diagnosis = outsideDiagnosis(by, q, (expected ?? f.expected).outcome, actual, words);
  const title = titleOf(diagnosis);
  const source = sourceOf(diagnosis);
  const example: Example = {
    phase: f.phase,
    query: q,
    expected: expected ?? f.expected,
    actual,
    clauses: [],
    caseFile: expected
      ? toCaseFile([{ description: title, ...(source && { source }), query: q, outcome: expected, contains: words }])
      : "",
    ...(f.corpus && { corpus: f.corpus }),
    ...(f.seed !== undefined && { seed: f.seed }),
    ...(f.path !== undefined && { path: f.path }),
  };
  return { diagnosis, example, reduction };
}
