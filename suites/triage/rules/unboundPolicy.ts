// "Evaluates a policy that no binding selects": the divergence disappears when the policy gets a
// binding without matchResources ({}), and the implementation answered the unbound policy as
// kube-apiserver answers the bound one. kube-apiserver makes hooks only of policies a binding
// selects (policy_source.go), so an unbound policy never matches.
import type { Query } from "../../../oracles/contract/query.ts";
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

export const unboundPolicy: Probe = {
  name: "unboundPolicy",
  change(q: Query) {
    const s = q.subject;
    if (s.kind !== "ValidatingAdmissionPolicy" && s.kind !== "MutatingAdmissionPolicy") return undefined;
    if (s.binding !== undefined) return undefined;
    return { ...q, subject: { ...s, binding: {} } };
  },
  asIf: true,
  behaviour: () => unboundPolicyBehaviour,
};

export const unboundPolicyRule = probeRule(unboundPolicy);
