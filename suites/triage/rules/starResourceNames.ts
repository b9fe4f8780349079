// "Takes resourceNames "*" as a wildcard": the divergence disappears when the resourceNames that
// hold "*" are left out (every name matches), and the implementation answered the case as
// kube-apiserver answers it without them. resourceNames has no wildcard: "*" names an object.

import { agree } from "../../../oracles/contract/agreement.ts";
import type { NamedRuleWithOperations } from "../../../oracles/contract/kube.ts";
import type { Query } from "../../../oracles/contract/query.ts";
import { clauses } from "../../../oracles/model/clauses.ts";
import type { Behaviour } from "../diagnosis.ts";
import type { Probe } from "./counterfactual.ts";
import { probeRule } from "./counterfactual.ts";
import { mapRules } from "./rewrite.ts";

export const starResourceNamesBehaviour: Behaviour = {
  name: 'takes resourceNames "*" as a wildcard',
  title:
    'takes resourceNames "*" as a wildcard: the implementation matches every name under a rule whose resourceNames hold "*"; kube-apiserver compares names literally (resourceNames has no wildcard, "*" names an object)',
  source: clauses["matchResources.resourceNamesMiss"].source,
};

/** The case with each resourceNames "*" replaced by `name`. */
function withStarAs(q: Query, name: string): Query {
  const named = (r: NamedRuleWithOperations): NamedRuleWithOperations =>
    r.resourceNames?.includes("*") ? { ...r, resourceNames: r.resourceNames.map((n) => (n === "*" ? name : n)) } : r;
  const subject = mapRules(q.subject, named);
  return { ...q, subject };
}

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
    const subject = mapRules(q.subject, unnamed);
    return changed ? { ...q, subject } : undefined;
  },
  asIf: true,
  // "*" must be what the implementation reads: with a name that is not the request's in its place,
  // which kube-apiserver decides alike, the implementation answers otherwise. (Without it, a tool that
  // fails a request on a namespace kube-apiserver's rules never reach was named for "*" too: with
  // resourceNames left out the rules match, and kube-apiserver fails the request as well.)
  async confirm(ctx, q) {
    const literal = `not-${q.request.name ?? ""}`;
    const answer = await ctx.outcomeOf(withStarAs(q, literal));
    const before = await ctx.outcomeOf(q);
    return answer !== undefined && before !== undefined && !agree(answer, before);
  },
  behaviour: () => starResourceNamesBehaviour,
};

export const starResourceNamesRule = probeRule(starResourceNames);
