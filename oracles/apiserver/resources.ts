// The resources the apiserver oracle can realise: their kind, scope, the operations it sends,
// and what the server's own validation needs filled in so that admission is reached.
import type { AdmissionRequest, GroupVersionResource } from "../contract/kube.ts";

type Obj = Record<string, unknown>;

export interface Realisable {
  readonly kind: string;
  readonly namespaced: boolean;
  readonly operations: readonly string[];
  /** Fills the fields validation requires; `ns` is the (renamed) namespace, "" when cluster-scoped. */
  readonly fill: (o: Obj, ns: string) => Obj;
  /** Pods need the namespace's `default` ServiceAccount (ServiceAccount admission runs before VAP). */
  readonly needsServiceAccount?: boolean;
}

const container = { name: "c", image: "registry.invalid/mc:1" };
const same = (o: Obj) => o;

const table: Readonly<Record<string, Realisable>> = {
  "/v1/configmaps": { kind: "ConfigMap", namespaced: true, operations: ["CREATE", "UPDATE", "DELETE"], fill: same },
  "/v1/secrets": { kind: "Secret", namespaced: true, operations: ["CREATE", "UPDATE", "DELETE"], fill: same },
  "/v1/serviceaccounts": {
    kind: "ServiceAccount",
    namespaced: true,
    operations: ["CREATE", "UPDATE", "DELETE"],
    fill: same,
  },
  "/v1/namespaces": { kind: "Namespace", namespaced: false, operations: ["CREATE", "UPDATE", "DELETE"], fill: same },
  "/v1/pods": {
    kind: "Pod",
    namespaced: true,
    operations: ["CREATE", "UPDATE", "DELETE"],
    needsServiceAccount: true,
    fill: (o) => ({ ...o, spec: { containers: [container] } }),
  },
  "/v1/services": {
    kind: "Service",
    namespaced: true,
    operations: ["CREATE", "UPDATE", "DELETE"],
    fill: (o) => ({ ...o, spec: { ports: [{ port: 80 }] } }),
  },
  "/v1/events": {
    kind: "Event",
    namespaced: true,
    operations: ["CREATE", "UPDATE", "DELETE"],
    fill: (o, ns) => ({ ...o, involvedObject: { apiVersion: "v1", kind: "Pod", namespace: ns, name: "x" } }),
  },
  "events.k8s.io/v1/events": {
    kind: "Event",
    namespaced: true,
    operations: ["CREATE", "UPDATE", "DELETE"],
    fill: (o, ns) => ({
      ...o,
      eventTime: new Date().toISOString().replace(/\.(\d{3})Z$/, ".$1000Z"),
      reportingController: "matchconform.dev/oracle",
      reportingInstance: "matchconform",
      action: "Probe",
      reason: "Probe",
      type: "Normal",
      regarding: { apiVersion: "v1", kind: "Pod", namespace: ns, name: "x" },
    }),
  },
  "apps/v1/deployments": {
    kind: "Deployment",
    namespaced: true,
    operations: ["CREATE", "UPDATE", "DELETE"],
    fill: (o) => ({
      ...o,
      spec: {
        selector: { matchLabels: { "mc-app": "x" } },
        template: { metadata: { labels: { "mc-app": "x" } }, spec: { containers: [container] } },
      },
    }),
  },
  "rbac.authorization.k8s.io/v1/clusterroles": {
    kind: "ClusterRole",
    namespaced: false,
    operations: ["CREATE"],
    fill: (o) => ({ ...o, rules: [] }),
  },
};

export const gvrKey = (r: GroupVersionResource) => `${r.group}/${r.version}/${r.resource}`;

export type Realisation = { readonly ok: true; readonly r: Realisable } | { readonly ok: false; readonly why: string };

/** Can the oracle send this request to a real server? */
export function realisable(req: AdmissionRequest): Realisation {
  const key = gvrKey(req.resource);
  const r = table[key];
  const what = `${req.resource.resource}${req.subResource ? `/${req.subResource}` : ""}`;
  if (r === undefined || (req.subResource ?? "") !== "")
    return { ok: false, why: `the apiserver oracle cannot realise ${what} (${key}) yet` };
  if (!r.operations.includes(req.operation))
    return { ok: false, why: `the apiserver oracle cannot realise ${req.operation} of ${what} yet` };
  if (req.kind.group !== req.resource.group || req.kind.version !== req.resource.version || req.kind.kind !== r.kind)
    return {
      ok: false,
      why: `the server serves ${key} as kind ${r.kind}, the request says ${req.kind.group}/${req.kind.version}/${req.kind.kind}`,
    };
  if (r.namespaced && !req.namespace)
    return { ok: false, why: `a ${what} request without a namespace cannot be realised` };
  return { ok: true, r };
}

/** The REST path of the collection (name omitted) or of one object. */
export function restPath(res: GroupVersionResource, namespaced: boolean, ns: string, name?: string): string {
  const base = res.group === "" ? `/api/${res.version}` : `/apis/${res.group}/${res.version}`;
  const coll = `${base}${namespaced ? `/namespaces/${ns}` : ""}/${res.resource}`;
  return name ? `${coll}/${encodeURIComponent(name)}` : coll;
}
