// "Matches a Namespace on its stored labels": for a CREATE or UPDATE of a Namespace, the divergence
// disappears once the stored namespace carries the new object's labels (and exists, for a CREATE).
// kube-apiserver matches a Namespace's namespaceSelector on the object in the request, never
// looking the namespace up; an implementation that agrees once stored and new coincide read the
// stored one, whichever way that showed (other labels, or a namespace not found on CREATE).
import type { Query } from "../../../oracles/contract/query.ts";
import { clauses } from "../../../oracles/model/clauses.ts";
import type { Behaviour } from "../diagnosis.ts";
import type { Probe } from "./counterfactual.ts";
import { probeRule } from "./counterfactual.ts";

export const namespaceOwnLabelsBehaviour: Behaviour = {
  name: "matches a Namespace on its stored labels",
  title:
    "matches a Namespace CREATE or UPDATE on the stored namespace's labels: kube-apiserver matches the namespaceSelector on the new Namespace object's labels, without looking the namespace up",
  source: clauses["namespaceSelector.namespaceObjectUsesNewLabels"].source,
};

/** A request for a Namespace object itself. */
export const isNamespaceObject = (q: Query): boolean =>
  q.request.resource.group === "" &&
  q.request.resource.resource === "namespaces" &&
  (q.request.subResource ?? "") === "";

const labelsOf = (o: unknown): Record<string, string> | undefined => {
  const labels = (o as { metadata?: { labels?: unknown } } | null | undefined)?.metadata?.labels;
  return labels !== null && typeof labels === "object" && !Array.isArray(labels)
    ? (labels as Record<string, string>)
    : undefined;
};

export const namespaceOwnLabels: Probe = {
  name: "namespaceOwnLabels",
  change(q) {
    const r = q.request;
    const name = r.name ?? "";
    if (!isNamespaceObject(q) || (r.operation !== "CREATE" && r.operation !== "UPDATE") || name === "")
      return undefined;
    const labels = { ...labelsOf(r.object), "kubernetes.io/metadata.name": name };
    const namespaces = { ...q.cluster.namespaces, [name]: labels };
    return { ...q, cluster: { ...q.cluster, namespaces } };
  },
  behaviour: () => namespaceOwnLabelsBehaviour,
};

export const namespaceOwnLabelsRule = probeRule(namespaceOwnLabels);
