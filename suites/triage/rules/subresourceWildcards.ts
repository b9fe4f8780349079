// Two behaviours of the resource entries' wildcards, each named by a change kube-apiserver's
// decision ignores (rules.go Matcher.resource: "x/*" matches x and every subresource of x; "*" has
// the empty subresource, so it matches main resources only):
// - "leaves the resource itself out of "x/*"": on a request for a main resource x, the divergence
//   disappears once "x" is listed before "x/*";
// - "matches subresources with "*"": on a subresource request, it disappears once "*" becomes the
//   request's main resource (which matches no subresource either).
// One cause each, whatever else the minimal case holds.
import type { NamedRuleWithOperations } from "../../../oracles/contract/kube.ts";
import type { Query } from "../../../oracles/contract/query.ts";
import { clauses } from "../../../oracles/model/clauses.ts";
import type { Behaviour } from "../diagnosis.ts";
import type { Probe } from "./counterfactual.ts";
import { probeRule } from "./counterfactual.ts";
import { mapMatching } from "./rewrite.ts";

export const mainOutOfWildcardBehaviour: Behaviour = {
  name: 'leaves the resource itself out of "x/*"',
  title:
    'leaves the resource itself out of "x/*": the implementation matches a rule\'s "pods/*" against the subresources of pods only, not a request for pods itself; kube-apiserver matches "pods/*" against pods too ("*" as the subresource matches every subresource, the empty one included)',
  source: clauses["rules.resource.subresourceWildcardMatchesMain"].source,
};

export const starSubresourcesBehaviour: Behaviour = {
  name: 'matches subresources with "*"',
  title:
    'matches subresources with the resource entry "*": the implementation lets "*" match a subresource request (pods/status, nodes/proxy); kube-apiserver matches "*" against main resources only (a subresource needs "*/*", "*/y", "x/*" or "x/y")',
  source: clauses["rules.resource.wildcardMainOnly"].source,
};

/** The case with every rule's resources rewritten by `f`; undefined when nothing changed. */
function withResources(q: Query, f: (resources: readonly string[]) => readonly string[]): Query | undefined {
  let changed = false;
  const rule = (r: NamedRuleWithOperations): NamedRuleWithOperations => {
    if (r.resources === undefined) return r;
    const resources = f(r.resources);
    if (resources.join("\n") === r.resources.join("\n")) return r;
    changed = true;
    return { ...r, resources };
  };
  const subject = mapMatching(q.subject, (m) => ({
    ...m,
    ...(m.resourceRules && { resourceRules: m.resourceRules.map(rule) }),
    ...(m.excludeResourceRules && { excludeResourceRules: m.excludeResourceRules.map(rule) }),
  }));
  return changed ? { ...q, subject } : undefined;
}

export const mainOutOfWildcard: Probe = {
  name: "mainOutOfWildcard",
  change(q) {
    const x = q.request.resource.resource;
    if ((q.request.subResource ?? "") !== "") return undefined;
    // Listed first: upstream validation rejects "x" after "x/*", not before it.
    return withResources(q, (rs) => (rs.includes(`${x}/*`) && !rs.includes(x) ? [x, ...rs] : rs));
  },
  behaviour: () => mainOutOfWildcardBehaviour,
};

export const starSubresources: Probe = {
  name: "starSubresources",
  change(q) {
    const x = q.request.resource.resource;
    if ((q.request.subResource ?? "") === "") return undefined;
    return withResources(q, (rs) => [...new Set(rs.map((r) => (r === "*" ? x : r)))]);
  },
  behaviour: () => starSubresourcesBehaviour,
};

export const mainOutOfWildcardRule = probeRule(mainOutOfWildcard);
export const starSubresourcesRule = probeRule(starSubresources);
