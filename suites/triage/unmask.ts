// One bug can hide another. An implementation that takes an omitted matchPolicy as Exact and also
// matches excludeResourceRules as Exact diverges on an exclude through an equivalent whether the
// matchPolicy is omitted or says Equivalent; the reducer, keeping the divergence, drops the
// explicit Equivalent (kube-apiserver defaults it alike) and then turns the exclude into an
// include, so the second bug's examples reduce into the first's minimal case and it is never
// reported. Where a cause's trigger can be taken out of a case without kube-apiserver deciding it
// otherwise (an omitted matchPolicy said explicitly), each raw example of that cause is asked again
// without the trigger; one that still diverges hides another bug, and is reduced with the trigger
// kept out of every case the reducer makes (reduceFailure.ts `seen`), and keyed anew.
import type { Answer } from "../../oracles/adapters/matcher.ts";
import { agree } from "../../oracles/contract/agreement.ts";
import type { Query } from "../../oracles/contract/query.ts";
import type { Failure } from "./failureLog.ts";
import type { ReducedFailure } from "./reducedFailure.ts";
import { reduceDivergence } from "./reduceFailure.ts";
import { behaviours } from "./rules/ignoresEquivalent.ts";
import { mapMatching, omitted } from "./rules/rewrite.ts";
import type { TriageContext } from "./triageContext.ts";

/** A cause's trigger, and the case without it, which kube-apiserver decides as the case itself. */
export interface Trigger {
  /** The behaviour's name (Behaviour.name) whose cause may hide another. */
  readonly behaviour: string;
  /** The case without the trigger; undefined where it holds none. */
  without(q: Query): Query | undefined;
}

/** Every omitted matchPolicy said: Equivalent, kube-apiserver's default (SetDefaults_*). */
function matchPolicySaid(q: Query): Query | undefined {
  let changed = false;
  const subject = mapMatching(q.subject, (m) => {
    if (!omitted(m.matchPolicy)) return m;
    changed = true;
    return { ...m, matchPolicy: "Equivalent" };
  });
  return changed ? { ...q, subject } : undefined;
}

export const triggers: readonly Trigger[] = [{ behaviour: behaviours.omittedIsExact().name, without: matchPolicySaid }];

/** Another cause found in a raw example; `alone` when the example never held the trigger (it is that cause's alone). */
export interface Unmasked {
  readonly result: ReducedFailure;
  readonly alone: boolean;
}

/**
 * The raw example `f`, whose reduction `r` named a cause with a trigger, reduced again without that
 * trigger when the implementation still diverges there: another cause, or undefined (the trigger
 * was the whole divergence, or the case lands in the same cause again).
 */
export async function unmasked(
  ctx: TriageContext,
  f: Failure,
  r: ReducedFailure,
  deadline: number,
): Promise<Unmasked | undefined> {
  const name = r.diagnosis.behaviour?.name;
  const trigger = triggers.find((t) => t.behaviour === name);
  if (trigger === undefined || f.invariant !== undefined || (f.reference ?? "model") !== "model") return undefined;
  if (performance.now() >= deadline) return undefined;
  // A raw example without the trigger reached the cause only by the reducer's dropping what kept
  // the trigger out (an explicit Equivalent): it is reduced again, the trigger kept out.
  const without = trigger.without(f.query);
  const query = without ?? f.query;
  if (!ctx.allows(query)) return undefined;
  const model = ctx.model(query, false).outcome;
  // Kube-apiserver must decide the case without the trigger as it decided the case.
  if (!agree(model, ctx.model(f.query, false).outcome)) return undefined;
  const actual: Answer = await ctx.matcher.match(query);
  if (actual.answer !== "outcome" || agree(model, actual.outcome)) return undefined;
  const seen = (q: Query) => trigger.without(q) ?? q;
  const again = await reduceDivergence(ctx, { ...f, query, actual }, deadline, undefined, seen);
  return again.diagnosis.key === r.diagnosis.key ? undefined : { result: again, alone: without === undefined };
}
