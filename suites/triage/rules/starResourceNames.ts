// "Takes resourceNames "*" as a wildcard": the divergence disappears when the resourceNames that
// hold "*" are left out (every name matches), and the implementation answered the case as
// kube-apiserver answers it without them. resourceNames has no wildcard: "*" names an object.

import type { NamedRuleWithOperations } from "../../../oracles/contract/kube.ts";
import type { Query } from "../../../oracles/contract/query.ts";
import { clauses } from "../../../oracles/model/clauses.ts";
import type { Behaviour } from "../diagnosis.ts";
import type { Probe } from "./counterfactual.ts";
import { probeRule } from "./counterfactual.ts";
import { mapMatching } from "./rewrite.ts";

export const starResourceNamesBehaviour: Behaviour = {
  name: 'takes resourceNames "*" as a wildcard',
  title:
    'takes resourceNames "*" as a wildcard: the implementation matches every name under a rule whose resourceNames hold "*"; kube-apiserver compares names literally (resourceNames has no wildcard, "*" names an object)',
  source: clauses["matchResources.resourceNamesMiss"].source,
};

export const starResourceNames: Probe = {
  name: "starResourceNames",
  change(q: Query) {
    let changed = false;
    const unnamed = (r: NamedRuleWithOperations): NamedRuleWithOperations => {
      if (!r.resourceNames?.includes("*")) return r;
      changed = true;
      const { resourceNames: _, ...rest } = r;
      return rest;
    };
    const subject = mapMatching(q.subject, (m) => ({
      ...m,
      ...(m.resourceRules && { resourceRules: m.resourceRules.map(unnamed) }),
      ...(m.excludeResourceRules && { excludeResourceRules: m.excludeResourceRules.map(unnamed) }),
    }));
    return changed ? { ...q, subject } : undefined;
  },
  asIf: true,
  behaviour: () => starResourceNamesBehaviour,
};

export const starResourceNamesRule = probeRule(starResourceNames);
