// A missing namespace, the side condition of most bugs that touch it, repaired.
import type { LabelSelector } from "../../../oracles/contract/kube.ts";
import type { Query } from "../../../oracles/contract/query.ts";
import type { Subject } from "../../../oracles/contract/subject.ts";
import type { Move } from "../move.ts";

/** The request's namespace made to exist: a missing namespace is a side condition of most bugs. */
export function ownNamespace(q: Query): Move[] {
  const ns = q.request.namespace ?? "";
  if (ns === "" || q.cluster.namespaces?.[ns] !== undefined) return [];
  const isNamespaceObject = q.request.resource.group === "" && q.request.resource.resource === "namespaces";
  const what = isNamespaceObject ? `the namespace ${ns} already stored` : `the namespace ${ns} exists`;
  const make = (labels: Record<string, string>) => ({
    ...q,
    cluster: {
      ...q.cluster,
      namespaces: { ...q.cluster.namespaces, [ns]: { ...labels, "kubernetes.io/metadata.name": ns } },
    },
  });
  const wanted = labelsWanted(namespaceSelectorsOf(q.subject));
  return [
    { what, query: make({}), repairs: true },
    ...(Object.keys(wanted).length > 0
      ? [{ what: `${what}, labelled as its namespaceSelector asks`, query: make(wanted), repairs: true }]
      : []),
  ];
}

function namespaceSelectorsOf(s: Subject): LabelSelector[] {
  switch (s.kind) {
    case "MatchResources":
      return s.matchResources.namespaceSelector ? [s.matchResources.namespaceSelector] : [];
    case "ValidatingAdmissionPolicy":
    case "MutatingAdmissionPolicy":
      return [s.policy.matchConstraints?.namespaceSelector, s.binding?.matchResources?.namespaceSelector].filter(
        (x): x is LabelSelector => x !== undefined,
      );
    case "ValidatingWebhook":
    case "MutatingWebhook":
      return s.webhook.namespaceSelector ? [s.webhook.namespaceSelector] : [];
  }
}

/** Labels that satisfy the selectors' matchLabels and In requirements (the first value of each). */
function labelsWanted(selectors: readonly LabelSelector[]): Record<string, string> {
  const labels: Record<string, string> = {};
  // A manifest's nulls: a null selector selects nothing more, a null value is "" once decoded.
  for (const sel of selectors) {
    if (sel === null) continue;
    for (const [k, v] of Object.entries(sel.matchLabels ?? {})) labels[k] = v ?? "";
    for (const r of sel.matchExpressions ?? [])
      if (r !== null && (r.operator === "In" || r.operator === "Exists") && labels[r.key] === undefined)
        labels[r.key] = r.values?.[0] ?? "";
  }
  delete labels["kubernetes.io/metadata.name"];
  return labels;
}
