// "Takes resourceRules [] as matching nothing": the divergence disappears when an empty
// resourceRules (a binding's, or a bare MatchResources') becomes one rule matching everything.
// kube-apiserver's matching.go matches every resource under an empty list, so it decides both
// alike; an implementation that then agrees read [] as "no resource".
import type { MatchResources, NamedRuleWithOperations } from "../../../oracles/contract/kube.ts";
import type { Query } from "../../../oracles/contract/query.ts";
import { clauses } from "../../../oracles/model/clauses.ts";
import type { Behaviour } from "../diagnosis.ts";
import type { Probe } from "./counterfactual.ts";
import { probeRule } from "./counterfactual.ts";

export const emptyRulesNothingBehaviour: Behaviour = {
  name: "takes resourceRules [] as matching nothing",
  title:
    "takes resourceRules [] as matching nothing: the implementation matches no request under a binding's (or a MatchResources') empty resourceRules; kube-apiserver matches every resource there, an empty list constraining nothing",
  source: clauses["matchResources.emptyResourceRulesMatchAll"].source,
};

const everything: NamedRuleWithOperations = {
  operations: ["*"],
  apiGroups: ["*"],
  apiVersions: ["*"],
  resources: ["*/*"],
};

export const emptyRulesNothing: Probe = {
  name: "emptyRulesNothing",
  change(q: Query) {
    const s = q.subject;
    // Only where kube-apiserver reads [] as everything: a bare MatchResources and a binding. The
    // reducer may leave the list out altogether, which the API server decides as [].
    const filled = (m: MatchResources | undefined) =>
      m !== undefined && (m.resourceRules ?? []).length === 0 ? { ...m, resourceRules: [everything] } : undefined;
    if (s.kind === "MatchResources") {
      const m = filled(s.matchResources);
      return m && { ...q, subject: { ...s, matchResources: m } };
    }
    if (s.kind !== "ValidatingAdmissionPolicy" && s.kind !== "MutatingAdmissionPolicy") return undefined;
    const m = filled(s.binding?.matchResources);
    return m && { ...q, subject: { ...s, binding: { ...s.binding, matchResources: m } } };
  },
  behaviour: () => emptyRulesNothingBehaviour,
};

export const emptyRulesNothingRule = probeRule(emptyRulesNothing);
