// "Fails the request on a namespaceSelector's error before the rules decide": where kube-apiserver's
// namespace lookup failed (a namespace not found, or "" looked up for a request without namespace on
// a resource named namespaces) but the objectSelector or the rules did not match, or an exclude did, so that it dropped the
// error, the divergence disappears when the namespaceSelector is {} (nothing looked up) and
// kube-apiserver decides alike. The namespace that exists (missingNamespace.ts) names the same
// behaviour where it can be made to exist; this probe also where it cannot.
import type { Query } from "../../../oracles/contract/query.ts";
import type { Subject } from "../../../oracles/contract/subject.ts";
import type { ClauseName } from "../../../oracles/model/clauses.ts";
import type { Probe } from "./counterfactual.ts";
import { probeRule } from "./counterfactual.ts";
import { missingNamespaceBehaviours } from "./missingNamespace.ts";

/** The clauses by which kube-apiserver drops a pending selector error. */
const dropped: readonly ClauseName[] = [
  "matchResources.selectorErrorSwallowedByRules",
  "matchResources.selectorErrorDroppedByExclude",
  "webhook.selectorErrorSwallowedByRules",
];

/** The namespace lookup failed, and the objectSelector's miss ended the match before the error surfaced. */
const droppedByObjectSelector = (taken: readonly ClauseName[]) =>
  taken.some((c) => c === "namespaceSelector.emptyNamespaceLookup" || c === "namespaceSelector.namespaceNotFound") &&
  taken.some((c) => c === "matchResources.objectSelectorNoMatch" || c === "webhook.objectSelectorNoMatch");

/** The subject with every namespaceSelector {} (the one of a policy, its binding, a webhook). */
function withoutNamespaceSelector(s: Subject): Subject {
  const open = <T extends { namespaceSelector?: unknown }>(x: T): T =>
    x.namespaceSelector === undefined ? x : { ...x, namespaceSelector: {} };
  switch (s.kind) {
    case "MatchResources":
      return { ...s, matchResources: open(s.matchResources) };
    case "ValidatingAdmissionPolicy":
    case "MutatingAdmissionPolicy": {
      const c = s.policy.matchConstraints;
      const b = s.binding?.matchResources;
      const policy = { ...s.policy, ...(c && { matchConstraints: open(c) }) };
      const binding = s.binding && { ...s.binding, ...(b && { matchResources: open(b) }) };
      return { ...s, policy, ...(binding && { binding }) };
    }
    case "ValidatingWebhook":
    case "MutatingWebhook":
      return { ...s, webhook: open(s.webhook) };
  }
}

export const selectorErrorEarly: Probe = {
  name: "selectorErrorEarly",
  change(q: Query, ctx) {
    const model = ctx.model(q, false);
    if (model.outcome.outcome === "error") return undefined;
    if (!model.clauses.some((c) => dropped.includes(c)) && !droppedByObjectSelector(model.clauses)) return undefined;
    return { ...q, subject: withoutNamespaceSelector(q.subject) };
  },
  async confirm(ctx, q) {
    // The implementation failed the request: the error is what it kept.
    return (await ctx.outcomeOf(q))?.outcome === "error";
  },
  behaviour: () => missingNamespaceBehaviours.looksUpEarly,
  keepsFeatures: true,
};

export const selectorErrorEarlyRule = probeRule(selectorErrorEarly);
