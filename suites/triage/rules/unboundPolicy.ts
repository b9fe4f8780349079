// "Evaluates a policy that no binding selects": the divergence disappears when the policy gets a
// binding without matchResources ({}), and the implementation answered the unbound policy as
// kube-apiserver answers the bound one. kube-apiserver makes hooks only of policies a binding
// selects (policy_source.go), so an unbound policy never matches.
// Nothing depends on an unbound policy's matchPolicy (whyNotSent.ts asks no Equivalent pass of it),
// but the bound case does: where the implementation does not claim that pass (core events have
// equivalents), the binding comes with the policy's matchPolicy Exact, which the request's own
// resource still matches, else the probe could not ask and the cause kept its clause's name.
import type { Query } from "../../../oracles/contract/query.ts";
import type { PolicySubject } from "../../../oracles/contract/subject.ts";
import { clauses } from "../../../oracles/model/clauses.ts";
import type { Behaviour } from "../diagnosis.ts";
import type { Probe } from "./counterfactual.ts";
import { probeRule } from "./counterfactual.ts";

export const unboundPolicyBehaviour: Behaviour = {
  name: "evaluates a policy that no binding selects",
  title:
    "evaluates a policy that no binding selects: the implementation decides an admission policy without any binding as if a binding {} selected it; kube-apiserver never evaluates a policy that no binding selects",
  source: clauses["policy.withoutBindingNeverEvaluated"].source,
};

/** The unbound policy `s` under binding {}, with its constraints' matchPolicy Exact when `exact`. */
function bound(q: Query, s: PolicySubject, exact: boolean): Query {
  const c = s.policy.matchConstraints;
  const policy =
    exact && c !== undefined ? { ...s.policy, matchConstraints: { ...c, matchPolicy: "Exact" } } : s.policy;
  return { ...q, subject: { ...s, policy, binding: {} } };
}

export const unboundPolicy: Probe = {
  name: "unboundPolicy",
  change(q, ctx) {
    const s = q.subject;
    if (s.kind !== "ValidatingAdmissionPolicy" && s.kind !== "MutatingAdmissionPolicy") return undefined;
    if (s.binding !== undefined) return undefined;
    const asIs = bound(q, s, false);
    return ctx.allows(asIs) ? asIs : bound(q, s, true);
  },
  asIf: true,
  behaviour: () => unboundPolicyBehaviour,
};

export const unboundPolicyRule = probeRule(unboundPolicy);
