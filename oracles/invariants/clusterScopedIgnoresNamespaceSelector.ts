import { labelSelector } from "../../generators/labelSelector.ts";
import { invariant } from "./invariant.ts";
import { same, whereBothValid } from "./relations.ts";
import { mapSelectors } from "./subjectParts.ts";

export const clusterScopedIgnoresNamespaceSelector = invariant({
  name: "clusterScopedIgnoresNamespaceSelector",
  statement:
    "For a request without namespace, for a resource not named namespaces, any namespaceSelector decides alike.",
  source:
    'k8s.io/apiserver predicates/namespace/matcher.go MatchNamespaceSelector: "If the request is about a cluster scoped resource, and it is not a namespace, it is never exempted."',
  extra: labelSelector(),
  pair: (q, selector) => {
    const clusterScoped = (q.request.namespace ?? "") === "" && q.request.resource.resource !== "namespaces";
    if (!clusterScoped) return undefined;
    return [q, { ...q, subject: mapSelectors(q.subject, (sel, which) => (which === "namespace" ? selector : sel)) }];
  },
  holds: whereBothValid(same),
});
