// "Dispatches a MutatingAdmissionPolicy for DELETE": on a DELETE, the divergence disappears when the
// same policy is a ValidatingAdmissionPolicy, and the implementation answered the mutating one as
// kube-apiserver answers the validating one. kube-apiserver registers the mutating policy plugin
// for CREATE, UPDATE and CONNECT only, bound or not: an unbound mutating policy becomes a validating
// one under binding {} (unboundIrrelevant.ts).
import type { Query } from "../../../oracles/contract/query.ts";
import { clauses } from "../../../oracles/model/clauses.ts";
import type { Behaviour } from "../diagnosis.ts";
import type { Probe } from "./counterfactual.ts";
import { probeRule } from "./counterfactual.ts";
import { boundWhereIrrelevant } from "./unboundIrrelevant.ts";

export const mutatingDeleteBehaviour: Behaviour = {
  name: "dispatches a MutatingAdmissionPolicy for DELETE",
  title:
    "dispatches a MutatingAdmissionPolicy for DELETE as it would a validating one: kube-apiserver never calls mutating policies on DELETE",
  source: clauses["policy.mutatingNeverHandlesDelete"].source,
};

export const mutatingDelete: Probe = {
  name: "mutatingDelete",
  change(q, ctx) {
    const s = q.subject;
    if (s.kind !== "MutatingAdmissionPolicy" || q.request.operation !== "DELETE") return undefined;
    const binding = s.binding && { ...s.binding, validationActions: s.binding.validationActions ?? ["Deny"] };
    const changed: Query = { ...q, subject: { ...s, kind: "ValidatingAdmissionPolicy", ...(binding && { binding }) } };
    return boundWhereIrrelevant(ctx, q, changed);
  },
  asIf: true,
  behaviour: () => mutatingDeleteBehaviour,
};

export const mutatingDeleteRule = probeRule(mutatingDelete);
