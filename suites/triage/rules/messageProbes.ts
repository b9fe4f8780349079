// A corpus test failed by its message alone (messageOnly.ts), where a counterfactual probe's change
// leaves kube-apiserver's answer word for word as it was and the implementation's words change
// (its answer agreeing on the changed case): the implementation tells apart two cases kube-apiserver
// does not, and the probe's behaviour is what its message shows, not the CEL wording. A selector's
// params handed as one List make a condition err on another key (`no such key: spec` where
// kube-apiserver says `max`): Kyverno's offline loop (pkg/admissionpolicy/validate.go).
import { agree } from "../../../oracles/contract/agreement.ts";
import type { Outcome } from "../../../oracles/contract/outcome.ts";
import { wellFormed } from "../../shrink/normaliseQuery.ts";
import type { Probe } from "./counterfactual.ts";
import { named } from "./counterfactual.ts";
import type { TriageRule } from "./rule.ts";
import { selectorParamsAsList } from "./selectorParamsAsList.ts";

const wordsOf = (o: Outcome) => ("message" in o ? o.message : undefined);

/** The probe as a rule on message-only divergences. */
export function wordedBy(probe: Probe): TriageRule {
  return {
    name: `${probe.name}Words`,
    async find(ctx, c) {
      if (c.words === undefined || c.off !== undefined || c.answer.answer !== "outcome") return undefined;
      if (ctx.decidedBy(c.query) !== "model") return undefined;
      const changed = probe.change(c.query, ctx);
      if (changed === undefined || !wellFormed(changed) || !ctx.allows(changed)) return undefined;
      const after = ctx.model(changed, false).outcome;
      if (wordsOf(after) !== wordsOf(ctx.model(c.query, false).outcome)) return undefined;
      const answer = await ctx.outcomeOf(changed);
      if (answer === undefined || !agree(after, answer)) return undefined;
      if (wordsOf(answer) === wordsOf(c.answer.outcome)) return undefined;
      if (probe.confirm !== undefined && !(await probe.confirm(ctx, c.query, changed))) return undefined;
      const b = await probe.behaviour(ctx, c.query, changed);
      return { rekey: (d) => named(d, b, probe.keepsFeatures === true) };
    },
  };
}

export const selectorParamsAsListWordsRule = wordedBy(selectorParamsAsList);
