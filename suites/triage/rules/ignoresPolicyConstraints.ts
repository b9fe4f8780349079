// "Ignores the policy's own matchConstraints when a binding exists": the divergence disappears when
// the policy's constraints become "every request", the implementation answered the case as
// kube-apiserver answers that, and it decides the same constraints rightly once they stand in the
// binding instead. kube-apiserver requires both (policy_matcher.go DefinitionMatches, then
// BindingMatches); a tool that checks only the binding's matchResources once it has a binding (as
// Kyverno's offline path does) shows through every clause of the policy's constraints.
import type { MatchResources } from "../../../oracles/contract/kube.ts";
import type { Query } from "../../../oracles/contract/query.ts";
import type { Behaviour } from "../diagnosis.ts";
import type { Probe } from "./counterfactual.ts";
import { agreesOn, probeRule } from "./counterfactual.ts";
import { generateNamePrefixRule } from "./generateNamePrefix.ts";

export const ignoresPolicyConstraintsBehaviour: Behaviour = {
  name: "ignores the policy's matchConstraints under a binding",
  title:
    "ignores the policy's own matchConstraints once a binding exists: the implementation decides by the binding's matchResources alone (every request when it has none); kube-apiserver applies a policy only to requests that both the policy's matchConstraints and the binding's matchResources match",
  source: "k8s.io/apiserver pkg/admission/plugin/policy/generic/policy_matcher.go DefinitionMatches, BindingMatches",
};

const everything: MatchResources = {
  resourceRules: [{ operations: ["*"], apiGroups: ["*"], apiVersions: ["*"], resources: ["*/*"] }],
};

/** The case with the policy's constraints moved into the binding (undefined: none to move), or made "every request". */
function moved(q: Query, into: "binding" | "nowhere"): Query | undefined {
  const s = q.subject;
  if (s.kind !== "ValidatingAdmissionPolicy" && s.kind !== "MutatingAdmissionPolicy") return undefined;
  if (s.binding === undefined || s.policy.matchConstraints === undefined) return undefined;
  // With the constraints' own matchPolicy: "every request" under Equivalent would bring in a pass
  // over equivalent resources that a tool may not claim, where the case was reduced to Exact.
  const { matchPolicy } = s.policy.matchConstraints;
  const policy = {
    ...s.policy,
    matchConstraints: { ...everything, ...(matchPolicy !== undefined && { matchPolicy }) },
  };
  const binding = into === "binding" ? { ...s.binding, matchResources: s.policy.matchConstraints } : s.binding;
  return { ...q, subject: { ...s, policy, binding } };
}

export const ignoresPolicyConstraints: Probe = {
  name: "ignoresPolicyConstraints",
  change: (q) => moved(q, "nowhere"),
  // Not a tool that ignores a selector or a rule wherever it stands: the same constraints, moved
  // into the binding (the policy matching every request), are decided as kube-apiserver does, or
  // otherwise only as the generateName prefix probe names (a second bug the case also crossed:
  // Kyverno reads resourceNames as prefixes of generateName, matcher.go matchesGeneratedName).
  async confirm(ctx, q) {
    const m = moved(q, "binding");
    if (m === undefined) return false;
    if (await agreesOn(ctx, m)) return true;
    const answer = await ctx.matcher.match(m);
    const c = { query: m, answer, reduced: true, off: undefined, words: undefined };
    return (await generateNamePrefixRule.find(ctx, c)) !== undefined;
  },
  asIf: true,
  behaviour: () => ignoresPolicyConstraintsBehaviour,
};

export const ignoresPolicyConstraintsRule = probeRule(ignoresPolicyConstraints);
