import fc from "fast-check";
import { carriesParams } from "../contract/features.ts";
import { invariant } from "./invariant.ts";
import { same } from "./relations.ts";

export const unrelatedNamespacesIrrelevant = invariant({
  name: "unrelatedNamespacesIrrelevant",
  statement: "Adding or removing namespaces other than the request's own changes nothing.",
  source:
    'k8s.io/apiserver predicates/namespace/matcher.go GetNamespaceLabels: the only namespace read is "namespaceName := attr.GetNamespace()"',
  extra: fc.record({ add: fc.constantFrom("extra-a", "extra-b"), removeOthers: fc.boolean() }),
  pair: (q, { add, removeOthers }) => {
    const own = q.request.namespace ?? "";
    const namespaces = q.cluster.namespaces ?? {};
    // Params live in other namespaces too: a paramRef namespace makes them related.
    if (own === add || carriesParams(q)) return undefined;
    const kept = Object.fromEntries(Object.entries(namespaces).filter(([n]) => n === own || !removeOthers));
    const variant = { ...kept, [add]: { team: "a", "kubernetes.io/metadata.name": add } };
    return [q, { ...q, cluster: { ...q.cluster, namespaces: variant } }];
  },
  holds: same,
});
