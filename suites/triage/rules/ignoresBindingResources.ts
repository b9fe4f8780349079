// "Ignores the binding's matchResources": the reverse of ignoresPolicyConstraints.ts. The divergence
// disappears when the binding loses its matchResources (kube-apiserver: a binding without them
// selects every request the policy does), the implementation answered the case as kube-apiserver
// answers that, and it decides the same matchResources rightly once they stand in the policy
// instead (the policy's constraints moved into the binding, which it ignores). kube-apiserver
// requires both (policy_matcher.go DefinitionMatches, then BindingMatches); a tool that reads only
// the policy shows through every clause of the binding's matchResources.
import type { Query } from "../../../oracles/contract/query.ts";
import type { PolicySubject } from "../../../oracles/contract/subject.ts";
import type { Behaviour } from "../diagnosis.ts";
import type { Probe } from "./counterfactual.ts";
import { agreesOn, probeRule } from "./counterfactual.ts";

export const ignoresBindingResourcesBehaviour: Behaviour = {
  name: "ignores the binding's matchResources",
  title:
    "ignores the binding's matchResources: the implementation decides by the policy's matchConstraints alone, as if the binding selected every request; kube-apiserver applies a policy only to requests that both the policy's matchConstraints and the binding's matchResources match",
  source: "k8s.io/apiserver pkg/admission/plugin/policy/generic/policy_matcher.go BindingMatches",
};

/** A policy subject whose binding has matchResources of its own. */
function withBindingResources(q: Query): PolicySubject | undefined {
  const s = q.subject;
  if (s.kind !== "ValidatingAdmissionPolicy" && s.kind !== "MutatingAdmissionPolicy") return undefined;
  return s.binding?.matchResources === undefined ? undefined : s;
}

/** The case with the binding's matchResources left out. */
function dropped(q: Query): Query | undefined {
  const s = withBindingResources(q);
  if (s?.binding === undefined) return undefined;
  const { matchResources: _, ...binding } = s.binding;
  return { ...q, subject: { ...s, binding } };
}

/** The case with the policy's matchConstraints and the binding's matchResources swapped. */
function swapped(q: Query): Query | undefined {
  const s = withBindingResources(q);
  if (s?.binding?.matchResources === undefined || s.policy.matchConstraints === undefined) return undefined;
  const policy = { ...s.policy, matchConstraints: s.binding.matchResources };
  const binding = { ...s.binding, matchResources: s.policy.matchConstraints };
  return { ...q, subject: { ...s, policy, binding } };
}

export const ignoresBindingResources: Probe = {
  name: "ignoresBindingResources",
  change: dropped,
  // Not a tool that ignores a selector or a rule wherever it stands: swapped, the binding's
  // matchResources in the policy are decided as kube-apiserver decides them.
  async confirm(ctx, q) {
    const m = swapped(q);
    return m !== undefined && (await agreesOn(ctx, m));
  },
  asIf: true,
  behaviour: () => ignoresBindingResourcesBehaviour,
};

export const ignoresBindingResourcesRule = probeRule(ignoresBindingResources);
