// "Takes a Namespace for a namespaced object in a rule's scope": on a request for core/v1
// namespaces, which carries the namespace's own name as its namespace, the divergence disappears
// when the rules' scope is "*"; and with "Namespaced" and "Cluster" swapped the implementation
// answers as kube-apiserver answers the case itself: it has the two the wrong way round for
// namespaces. kube-apiserver counts a Namespace as cluster-scoped whatever namespace it carries.
import type { NamedRuleWithOperations } from "../../../oracles/contract/kube.ts";
import type { Query } from "../../../oracles/contract/query.ts";
import type { Behaviour } from "../diagnosis.ts";
import type { Probe } from "./counterfactual.ts";
import { probeRule } from "./counterfactual.ts";
import { mapRules } from "./rewrite.ts";

export const namespaceScopeBehaviour: Behaviour = {
  name: "takes a Namespace as namespaced in a rule's scope",
  title:
    'takes a Namespace for a namespaced object in a rule\'s scope: the implementation lets scope "Namespaced" match a request for core/v1 namespaces (which carries the namespace\'s own name as its namespace) and "Cluster" miss it; kube-apiserver counts namespaces as cluster-scoped',
  source: "k8s.io/apiserver pkg/admission/plugin/webhook/predicates/rules/rules.go Matcher.scope",
};

const isNamespaceRequest = (q: Query): boolean => {
  const r = q.request.resource;
  return r.group === "" && r.version === "v1" && r.resource === "namespaces" && (q.request.namespace ?? "") !== "";
};

/** The case with each rule's Namespaced or Cluster scope set by `to`; undefined when no rule has one. */
function rescoped(q: Query, to: (scope: "Namespaced" | "Cluster") => string): Query | undefined {
  let changed = false;
  const scoped = (r: NamedRuleWithOperations): NamedRuleWithOperations => {
    if (r.scope !== "Namespaced" && r.scope !== "Cluster") return r;
    changed = true;
    return { ...r, scope: to(r.scope) };
  };
  const subject = mapRules(q.subject, scoped);
  return changed ? { ...q, subject } : undefined;
}

export const namespaceScope: Probe = {
  name: "namespaceScope",
  change: (q) => (isNamespaceRequest(q) ? rescoped(q, () => "*") : undefined),
  async confirm(ctx, q) {
    const swapped = rescoped(q, (s) => (s === "Namespaced" ? "Cluster" : "Namespaced"));
    if (swapped === undefined) return false;
    const answer = await ctx.outcomeOf(swapped);
    const kube = ctx.model(q, false).outcome;
    // Swapped, it answers as kube-apiserver does unswapped (a tool that ignores the scope would not).
    return answer !== undefined && answer.outcome === kube.outcome;
  },
  behaviour: () => namespaceScopeBehaviour,
};

export const namespaceScopeRule = probeRule(namespaceScope);
