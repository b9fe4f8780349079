// "Denies whatever the binding's validationActions say": the divergence disappears when the binding
// also Denies, and the implementation answered the case as kube-apiserver answers it then. A
// matchCondition's error under failurePolicy Fail is a Deny decision that the binding's
// validationActions route: only Deny fails the request, Warn and Audit let it through. A tool that
// fails it anyway (as Kyverno's offline path reports any evaluation error) shows as a CEL error
// otherwise, so this is tried before the CEL parts.
import type { Query } from "../../../oracles/contract/query.ts";
import { clauses } from "../../../oracles/model/clauses.ts";
import type { Behaviour } from "../diagnosis.ts";
import type { Probe } from "./counterfactual.ts";
import { probeRule } from "./counterfactual.ts";

export const ignoresValidationActionsBehaviour: Behaviour = {
  name: "ignores the binding's validationActions",
  title:
    "ignores the binding's validationActions: the implementation fails the request on a matchCondition's error (failurePolicy Fail) when the binding only warns or audits; kube-apiserver routes that error as a Deny decision through validationActions, so only a Deny action fails the request (422)",
  source: clauses["policy.conditionErrorNotDenied"].source,
};

/** The case with the binding's validationActions made to Deny too; undefined where they already do. */
function denying(q: Query): Query | undefined {
  const s = q.subject;
  if (s.kind !== "ValidatingAdmissionPolicy" || s.binding?.validationActions === undefined) return undefined;
  const actions = s.binding.validationActions;
  if (actions.includes("Deny")) return undefined;
  // Deny cannot stand beside Warn (validation.go): Deny and Audit, or Deny alone.
  const now = actions.includes("Audit") ? ["Deny", "Audit"] : ["Deny"];
  return { ...q, subject: { ...s, binding: { ...s.binding, validationActions: now } } };
}

export const ignoresValidationActions: Probe = {
  name: "ignoresValidationActions",
  change: denying,
  // An error the binding does not route (a configuration error) fails the request either way: not this.
  confirm: async (ctx, q) => ctx.model(q, false).clauses.includes("policy.conditionErrorNotDenied"),
  asIf: true,
  behaviour: () => ignoresValidationActionsBehaviour,
};

export const ignoresValidationActionsRule = probeRule(ignoresValidationActions);
