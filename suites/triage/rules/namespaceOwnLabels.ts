// "Matches a Namespace on its stored labels": for a CREATE or UPDATE of a Namespace, the divergence
// disappears once the stored namespace carries the new object's labels (and exists, for a CREATE).
// kube-apiserver matches a Namespace's namespaceSelector on the object in the request, never
// looking the namespace up; an implementation that agrees once stored and new coincide read the
// stored one, whichever way that showed (other labels, or a namespace not found on CREATE).
import type { KubeObject } from "../../../oracles/contract/kube.ts";
import type { Query } from "../../../oracles/contract/query.ts";
import { clauses } from "../../../oracles/model/clauses.ts";
import type { Behaviour } from "../diagnosis.ts";
import type { Probe } from "./counterfactual.ts";
import { agreesOn, probeRule } from "./counterfactual.ts";

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

/** The object under the name given, its generateName dropped (the name is what the server keeps). */
const named = (o: KubeObject, name: string): KubeObject => {
  const { generateName: _, ...metadata } = ((o as { metadata?: unknown }).metadata ?? {}) as Record<string, unknown>;
  return { ...o, metadata: { ...metadata, name } };
};

/** A name for a generateName CREATE that no namespace of the case holds. */
const unusedName = (q: Query): string => {
  const taken = q.cluster.namespaces ?? {};
  let n = 0;
  while (`generated-${n}` in taken) n++;
  return `generated-${n}`;
};

export const namespaceOwnLabels: Probe = {
  name: "namespaceOwnLabels",
  change(q) {
    const r = q.request;
    if (!isNamespaceObject(q) || (r.operation !== "CREATE" && r.operation !== "UPDATE")) return undefined;
    const name = r.name ?? "";
    if (name !== "") {
      const labels = { ...labelsOf(r.object), "kubernetes.io/metadata.name": name };
      return { ...q, cluster: { ...q.cluster, namespaces: { ...q.cluster.namespaces, [name]: labels } } };
    }
    // A generateName CREATE: a tool that looks the namespace up asks for "" (and fails the request);
    // named, with a stored namespace of the object's very labels, it has nothing else to read.
    if (r.operation !== "CREATE") return undefined;
    const given = unusedName(q);
    const labels = { ...labelsOf(r.object) };
    return {
      ...q,
      // A Namespace's request names it as its namespace too (requestinfo.go), "" while unnamed.
      request: {
        ...r,
        name: given,
        ...((r.namespace ?? "") === "" ? { namespace: given } : {}),
        ...(r.object ? { object: named(r.object, given) } : {}),
      },
      cluster: { ...q.cluster, namespaces: { ...q.cluster.namespaces, [given]: labels } },
    };
  },
  // A generateName CREATE is named by the change as well as given a stored namespace: the name
  // alone must not end the divergence, or the implementation's trouble was the generateName
  // (Kyverno v1.19.1 drew this title on a generateName Namespace CREATE it mishandled otherwise).
  async confirm(ctx, q, changed) {
    if ((q.request.name ?? "") !== "") return true;
    return !(await agreesOn(ctx, { ...changed, cluster: q.cluster }));
  },
  behaviour: () => namespaceOwnLabelsBehaviour,
};

export const namespaceOwnLabelsRule = probeRule(namespaceOwnLabels);
