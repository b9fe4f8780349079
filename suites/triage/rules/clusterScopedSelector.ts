// "Evaluates the namespaceSelector on a cluster-scoped request": for a request without namespace
// (other than for namespaces), the divergence disappears when every namespaceSelector becomes {}.
// kube-apiserver's MatchNamespaceSelector returns true for such a request before it even parses the
// selector, so the change leaves its decision as it is: an implementation that then agrees read a
// selector kube-apiserver never reads, whichever rule the minimal case happened to cross ("x/y",
// "*/y", a main resource: one behaviour, not one cause per resource clause).
import type { LabelSelector } from "../../../oracles/contract/kube.ts";
import type { Query } from "../../../oracles/contract/query.ts";
import { clauses } from "../../../oracles/model/clauses.ts";
import type { Behaviour } from "../diagnosis.ts";
import type { Probe } from "./counterfactual.ts";
import { probeRule } from "./counterfactual.ts";
import { mapSelectors } from "./rewrite.ts";

export const clusterScopedSelectorBehaviour: Behaviour = {
  name: "evaluates the namespaceSelector on a cluster-scoped request",
  title:
    "evaluates the namespaceSelector on a cluster-scoped request: the implementation lets the namespaceSelector decide a request without namespace (nodes, nodes/proxy, a cluster-scoped custom resource); kube-apiserver never evaluates it there, and such a request always matches the namespaceSelector (only namespaces themselves are matched on labels)",
  source: clauses["namespaceSelector.clusterScopedAlwaysMatches"].source,
};

const empty = (s: LabelSelector | undefined): boolean =>
  s === undefined ||
  ((s.matchLabels === undefined || Object.keys(s.matchLabels).length === 0) && !s.matchExpressions?.length);

export const clusterScopedSelector: Probe = {
  name: "clusterScopedSelector",
  change(q: Query) {
    const r = q.request;
    // The upstream test is on the resource's name alone, whatever its group.
    if ((r.namespace ?? "") !== "" || r.resource.resource === "namespaces") return undefined;
    let changed = false;
    const subject = mapSelectors(q.subject, (x) => {
      if (empty(x.namespaceSelector)) return x;
      changed = true;
      return { ...x, namespaceSelector: {} };
    });
    return changed ? { ...q, subject } : undefined;
  },
  behaviour: () => clusterScopedSelectorBehaviour,
};

export const clusterScopedSelectorRule = probeRule(clusterScopedSelector);
