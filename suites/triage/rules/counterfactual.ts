// Counterfactual probes: a behaviour of the implementation, named by changing the minimal case in
// one respect and asking both sides again. When the divergence disappears, the respect changed is
// what the implementation gets wrong ("ignores matchPolicy: Equivalent", "does not evaluate
// matchConditions"), whichever clause of the model's the case happened to cross: one bug shows
// through many clauses, and the key names the bug, not the clause. Each probe is a file beside this.
import type { Answer } from "../../../oracles/adapters/matcher.ts";
import { agree } from "../../../oracles/contract/agreement.ts";
import type { Query } from "../../../oracles/contract/query.ts";
import { wellFormed } from "../../shrink/normaliseQuery.ts";
import type { Behaviour, Diagnosis } from "../diagnosis.ts";
import type { TriageContext } from "../triageContext.ts";
import type { TriageRule } from "./rule.ts";

export interface Probe {
  readonly name: string;
  /** The case changed in one respect; undefined where the change does not apply. */
  change(q: Query, ctx: TriageContext): Query | undefined;
  /**
   * Cases differing from the changed one in the respect probed, which the implementation must also
   * answer as kube-apiserver answers the changed one: it ignores that respect altogether (a
   * condition `false` for a tool said to skip conditions), not just in the case at hand.
   */
  also?(q: Query): readonly Query[];
  /** A further check that the behaviour, not a neighbour showing alike on this case, is at work. */
  confirm?(ctx: TriageContext, q: Query, changed: Query): Promise<boolean>;
  /** The behaviour, once the divergence disappears; may ask more to say which side of it. */
  behaviour(ctx: TriageContext, q: Query, changed: Query): Behaviour | Promise<Behaviour>;
  /**
   * The implementation must have answered the case as kube-apiserver answers the changed one, even
   * where kube-apiserver decides both alike ("treats X as Y": it answered as if X were Y); not for
   * a change kube-apiserver's decision ignores, where it could not.
   */
  readonly asIf?: boolean;
  /** The change renames the request's resource: the as-if answer is compared by outcome alone, as a match reports the old name. */
  readonly renames?: boolean;
  /** Keep the features that select a code path (failurePolicy Ignore, …) in the key: they tell bugs apart here. */
  readonly keepsFeatures?: boolean;
}

/** Does the implementation agree with kube-apiserver on `q`? False when it gave no outcome or `q` may not be asked. */
export async function agreesOn(ctx: TriageContext, q: Query): Promise<boolean> {
  if (!wellFormed(q) || !ctx.allows(q)) return false;
  const a = await ctx.matcher.match(q);
  return a.answer === "outcome" && agree(ctx.model(q, false).outcome, a.outcome);
}

/**
 * Does the divergence of `q` (the implementation's `answer`) disappear under the change? The
 * implementation agrees on the changed case; and where kube-apiserver decides that case otherwise,
 * the implementation's answer to `q` is kube-apiserver's answer to the changed case: it acts as if
 * the change had been made. (Otherwise any change that sends both onto a plainer path would "fix" it.)
 */
export async function disappears(
  ctx: TriageContext,
  q: Query,
  answer: Answer,
  changed: Query,
  also: readonly Query[] = [],
  how: { readonly renames?: boolean; readonly asIf?: boolean } = {},
): Promise<boolean> {
  if (answer.answer !== "outcome" || !wellFormed(changed) || !ctx.allows(changed)) return false;
  const before = ctx.model(q, false).outcome;
  if (agree(before, answer.outcome)) return false; // no divergence to disappear
  // A subject's validity is a family of its own (diagnosis.ts): no change of the case names it.
  if (before.outcome === "invalid" || answer.outcome.outcome === "invalid") return false;
  const after = ctx.model(changed, false).outcome;
  // A change that renames the resource renames what a match reports too: then by outcome alone.
  const asIf = how.renames ? after.outcome === answer.outcome.outcome : agree(after, answer.outcome);
  const alike = how.renames ? before.outcome === after.outcome : agree(before, after);
  if ((how.asIf === true || !alike) && !asIf) return false;
  if (!(await agreesOn(ctx, changed))) return false;
  for (const other of also) {
    if (!wellFormed(other) || !ctx.allows(other)) return false;
    const a = await ctx.matcher.match(other);
    if (a.answer !== "outcome" || !agree(after, a.outcome)) return false;
  }
  return true;
}

/** The diagnosis re-keyed on the behaviour alone, whatever clause decided and whichever way the outcomes differ. */
export function named(d: Diagnosis, b: Behaviour, keepsFeatures: boolean): Diagnosis {
  const topic = `behaviour ${b.name}`;
  const features = keepsFeatures ? d.features : [];
  return { ...d, topic, key: [topic, ...features].join(" · "), features, behaviour: b };
}

/**
 * A probe as a triage rule, on a case whose reduction was tried: a raw example the reduction did
 * not shrink still has to lose its whole divergence to the one change, so a second bug in it keeps
 * the probe from firing. Not where the reduction was not tried (the time ran out): the probes'
 * calls on every group's raw example would outlast the run's limit by far.
 */
export function probeRule(probe: Probe): TriageRule {
  return {
    name: probe.name,
    async find(ctx, c) {
      if (c.off !== undefined || c.answer.answer !== "outcome") return undefined;
      // Where the model stops, another reference decides: the probes ask the model.
      if (ctx.decidedBy(c.query) !== "model") return undefined;
      const changed = probe.change(c.query, ctx);
      if (changed === undefined) return undefined;
      const also = probe.also?.(c.query) ?? [];
      if (!(await disappears(ctx, c.query, c.answer, changed, also, probe))) return undefined;
      if (probe.confirm !== undefined && !(await probe.confirm(ctx, c.query, changed))) return undefined;
      const b = await probe.behaviour(ctx, c.query, changed);
      return { rekey: (d) => named(d, b, probe.keepsFeatures === true) };
    },
  };
}
