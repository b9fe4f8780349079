import fc from "fast-check";
import { carriesMatchConditions, carriesParams } from "../contract/features.ts";
import type { LabelSelector } from "../contract/kube.ts";
import type { Query } from "../contract/query.ts";
import { invariant } from "./invariant.ts";
import { same } from "./relations.ts";
import { mapSelectors } from "./subjectParts.ts";

const nameLabel = "kubernetes.io/metadata.name";

export const renameNamespace = invariant({
  name: "renameNamespace",
  statement:
    "Renaming the request's namespace consistently (cluster, request, objects, name-label namespace selectors) changes the decision nowhere but in error messages.",
  source:
    'k8s.io/apiserver predicates/namespace/matcher.go GetNamespaceLabels: "namespaceName := attr.GetNamespace()" then the lister lookup by that name; the name only keys the lookup',
  extra: fc.constantFrom("renamed-ns", "staging"),
  pair: (q, fresh) => {
    const ns = q.request.namespace ?? "";
    // Params live in namespaces and paramRefs name them: the rename does not follow them there.
    if (carriesMatchConditions(q.subject) || carriesParams(q)) return undefined;
    const r = q.request.resource;
    // Namespace objects carry their own name as namespace and name: out of scope here.
    if (ns === "" || r.resource === "namespaces" || q.cluster.namespaces?.[fresh] !== undefined) return undefined;
    return [q, rename(q, ns, fresh)];
  },
  holds: same,
});

function rename(q: Query, from: string, to: string): Query {
  const renameValue = (v: string) => (v === from ? to : v);
  const selector = (sel: LabelSelector): LabelSelector => ({
    ...sel,
    ...(sel.matchLabels && {
      matchLabels: Object.fromEntries(
        Object.entries(sel.matchLabels).map(([k, v]) => [k, k === nameLabel ? renameValue(v) : v]),
      ),
    }),
    ...(sel.matchExpressions && {
      matchExpressions: sel.matchExpressions.map((e) =>
        e.key === nameLabel && e.values ? { ...e, values: e.values.map(renameValue) } : e,
      ),
    }),
  });
  const namespaces = q.cluster.namespaces
    ? Object.fromEntries(
        Object.entries(q.cluster.namespaces).map(([n, l]) => (n === from ? [to, { ...l, [nameLabel]: to }] : [n, l])),
      )
    : undefined;
  const moveObject = (o: unknown) => {
    if (!o || typeof o !== "object") return o;
    const meta = (o as { metadata?: Record<string, unknown> }).metadata;
    if (!meta || meta.namespace !== from) return o;
    return { ...o, metadata: { ...meta, namespace: to } };
  };
  const req = q.request;
  return {
    ...q,
    subject: mapSelectors(q.subject, (sel, which) => (which === "namespace" ? selector(sel) : sel)),
    cluster: { ...q.cluster, ...(namespaces && { namespaces }) },
    request: {
      ...req,
      namespace: to,
      ...(req.object !== undefined && { object: moveObject(req.object) as typeof req.object }),
      ...(req.oldObject !== undefined && { oldObject: moveObject(req.oldObject) as typeof req.oldObject }),
    },
  };
}
