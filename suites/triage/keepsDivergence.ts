// What a reduction of a divergence must keep: the two outcomes (or plainer ones), kube-apiserver's
// path, and for a message-only divergence the missing words. The reducer (suites/shrink) asks this
// of every move it tries.
import { agree } from "../../oracles/contract/agreement.ts";
import type { Query } from "../../oracles/contract/query.ts";
import type { ClauseName } from "../../oracles/model/clauses.ts";
import type { Move } from "../shrink/move.ts";
import type { Failure } from "./failureLog.ts";
import { says } from "./rules/messageOnly.ts";
import { answerName, decidingClause } from "./signature.ts";
import type { TriageContext } from "./triageContext.ts";

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

/**
 * The reducer's predicate for the divergence `f`: does the query a move made still diverge as `f`
 * did? It remembers the outcomes and the path of the last move it kept. `words`: the words only the
 * message lacks (rules/messageOnly.ts).
 */
export function stillDiverges(
  ctx: TriageContext,
  f: Failure,
  words: string | undefined,
): (q: Query, move: Move) => Promise<boolean> {
  let pair: Pair = { model: ctx.model(f.query, false).outcome.outcome, impl: answerName(f.actual) };
  let trace = ctx.model(f.query, false).clauses;
  return async (q, move) => {
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
}
