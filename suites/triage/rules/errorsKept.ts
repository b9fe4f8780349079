// Errors kube-apiserver keeps where the implementation drops them, named by the setting the
// implementation wrongly lets drop them: the divergence disappears when a policy's binding also
// Denies (its configuration error fails the request whatever validationActions say), or when a
// webhook's failurePolicy is Fail (a selector's error fails the request whatever failurePolicy says).
import type { Query } from "../../../oracles/contract/query.ts";
import { clauses } from "../../../oracles/model/clauses.ts";
import type { Behaviour } from "../diagnosis.ts";
import type { Probe } from "./counterfactual.ts";
import { probeRule } from "./counterfactual.ts";

export const errorsKeptBehaviours = {
  warnDropsConfigError: {
    name: "drops a configuration error when the binding only warns",
    title:
      "drops a policy's configuration error (a missing namespace, a param not found) when its binding only warns or audits: kube-apiserver fails the request under failurePolicy Fail whatever validationActions say, as they route validation failures only",
    source: clauses["policy.validatingConfigErrorInvalid"].source,
  },
  ignoreSwallowsSelectorError: {
    name: "swallows a selector's error under failurePolicy Ignore",
    title:
      "swallows a webhook's selector errors (a namespace not found) under failurePolicy Ignore: kube-apiserver fails the request on them whatever failurePolicy says, which governs calling the webhook",
    source: clauses["webhook.namespaceErrorReturned"].source,
  },
} satisfies Record<string, Behaviour>;

const isError = (q: Query, model: (q: Query) => { outcome: { outcome: string } }) =>
  model(q).outcome.outcome === "error";

export const warnDropsConfigError: Probe = {
  name: "warnDropsConfigError",
  change(q, ctx) {
    const s = q.subject;
    if (s.kind !== "ValidatingAdmissionPolicy" || s.binding?.validationActions === undefined) return undefined;
    if (s.binding.validationActions.includes("Deny") || !isError(q, (x) => ctx.model(x, false))) return undefined;
    // Deny cannot stand beside Warn (validation.go): Deny and Audit, or Deny alone.
    const actions = s.binding.validationActions.includes("Audit") ? ["Deny", "Audit"] : ["Deny"];
    return { ...q, subject: { ...s, binding: { ...s.binding, validationActions: actions } } };
  },
  behaviour: () => errorsKeptBehaviours.warnDropsConfigError,
};

export const ignoreSwallowsSelectorError: Probe = {
  name: "ignoreSwallowsSelectorError",
  change(q, ctx) {
    const s = q.subject;
    if (!("webhook" in s) || s.webhook.failurePolicy !== "Ignore") return undefined;
    if (!isError(q, (x) => ctx.model(x, false))) return undefined;
    return { ...q, subject: { ...s, webhook: { ...s.webhook, failurePolicy: "Fail" } } };
  },
  behaviour: () => errorsKeptBehaviours.ignoreSwallowsSelectorError,
};

export const warnDropsConfigErrorRule = probeRule(warnDropsConfigError);
export const ignoreSwallowsSelectorErrorRule = probeRule(ignoreSwallowsSelectorError);
