// The resources the apiserver oracle can realise: their kind, scope, the operations it sends,
// and what the server's own validation needs filled in so that admission is reached.
import type { AdmissionRequest, GroupVersionResource } from "../../contract/kube.ts";
import { exemptResources } from "./exemptResources.ts";
import type { Realisable, Realisation } from "./realisation.ts";
import { connect, createOn, putParent, scale } from "./subresources.ts";

type Obj = Record<string, unknown>;

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
  "/v1/namespaces": {
    kind: "Namespace",
    namespaced: false,
    operations: ["CREATE", "UPDATE", "DELETE"],
    fill: same,
    subresources: {
      status: putParent({ group: "", version: "v1", kind: "Namespace" }),
      finalize: putParent({ group: "", version: "v1", kind: "Namespace" }),
    },
  },
  "/v1/nodes": {
    kind: "Node",
    namespaced: false,
    operations: ["CREATE", "UPDATE", "DELETE"],
    fill: same,
    subresources: {
      status: putParent({ group: "", version: "v1", kind: "Node" }),
      proxy: connect("NodeProxyOptions", {}),
    },
  },
  "/v1/persistentvolumes": {
    kind: "PersistentVolume",
    namespaced: false,
    operations: ["CREATE", "UPDATE", "DELETE"],
    fill: (o) => ({
      ...o,
      spec: { capacity: { storage: "1Gi" }, accessModes: ["ReadWriteOnce"], hostPath: { path: "/mc" } },
    }),
  },
  "/v1/pods": {
    kind: "Pod",
    namespaced: true,
    operations: ["CREATE", "UPDATE", "DELETE"],
    needsServiceAccount: true,
    fill: (o) => ({ ...o, spec: { containers: [container] } }),
    subresources: {
      status: putParent({ group: "", version: "v1", kind: "Pod" }),
      exec: connect("PodExecOptions", { command: "true", stdout: "true" }),
      attach: connect("PodAttachOptions", { stdout: "true" }),
      portforward: connect("PodPortForwardOptions", { ports: "80" }),
      eviction: createOn({ group: "policy", version: "v1", kind: "Eviction" }, (req) => ({
        apiVersion: "policy/v1",
        kind: "Eviction",
        metadata: { name: req.name, namespace: req.namespace },
      })),
      binding: createOn({ group: "", version: "v1", kind: "Binding" }, (req) => ({
        apiVersion: "v1",
        kind: "Binding",
        metadata: { name: req.name, namespace: req.namespace },
        target: { apiVersion: "v1", kind: "Node", name: "mc-no-such-node" },
      })),
    },
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
    subresources: { status: putParent({ group: "apps", version: "v1", kind: "Deployment" }), scale },
  },
  "apps/v1/statefulsets": {
    kind: "StatefulSet",
    namespaced: true,
    operations: ["CREATE", "UPDATE", "DELETE"],
    fill: (o) => ({
      ...o,
      spec: {
        serviceName: "mc",
        selector: { matchLabels: { "mc-app": "x" } },
        template: { metadata: { labels: { "mc-app": "x" } }, spec: { containers: [container] } },
      },
    }),
    subresources: { status: putParent({ group: "apps", version: "v1", kind: "StatefulSet" }), scale },
  },
  "batch/v1/jobs": {
    kind: "Job",
    namespaced: true,
    operations: ["CREATE", "UPDATE", "DELETE"],
    fill: (o) => ({
      ...o,
      spec: { template: { spec: { restartPolicy: "Never", containers: [container] } } },
    }),
  },
  "batch/v1/cronjobs": {
    kind: "CronJob",
    namespaced: true,
    operations: ["CREATE", "UPDATE", "DELETE"],
    fill: (o) => ({
      ...o,
      spec: {
        schedule: "0 0 1 1 *",
        jobTemplate: { spec: { template: { spec: { restartPolicy: "Never", containers: [container] } } } },
      },
    }),
  },
  ...exemptResources(),
  "autoscaling/v2/horizontalpodautoscalers": hpa("v2"),
  "autoscaling/v1/horizontalpodautoscalers": hpa("v1"),
  "policy/v1/poddisruptionbudgets": {
    kind: "PodDisruptionBudget",
    namespaced: true,
    operations: ["CREATE", "UPDATE", "DELETE"],
    fill: (o) => ({ ...o, spec: { minAvailable: 1 } }),
  },
  "rbac.authorization.k8s.io/v1/roles": {
    kind: "Role",
    namespaced: true,
    operations: ["CREATE", "UPDATE", "DELETE"],
    fill: (o) => ({ ...o, rules: [] }),
  },
  "rbac.authorization.k8s.io/v1/rolebindings": {
    kind: "RoleBinding",
    namespaced: true,
    operations: ["CREATE", "UPDATE", "DELETE"],
    fill: (o) => ({
      ...o,
      roleRef: { apiGroup: "rbac.authorization.k8s.io", kind: "Role", name: "mc-no-such-role" },
      subjects: [],
    }),
  },
  "rbac.authorization.k8s.io/v1/clusterroles": {
    kind: "ClusterRole",
    namespaced: false,
    operations: ["CREATE", "UPDATE", "DELETE"],
    fill: (o) => ({ ...o, rules: [] }),
  },
};

function hpa(version: "v1" | "v2"): Realisable {
  const target = { apiVersion: "apps/v1", kind: "Deployment", name: "mc" };
  return {
    kind: "HorizontalPodAutoscaler",
    namespaced: true,
    operations: ["CREATE", "UPDATE", "DELETE"],
    fill: (o) => ({
      ...o,
      spec: { scaleTargetRef: target, maxReplicas: 2, ...(version === "v2" && { minReplicas: 1 }) },
    }),
    subresources: { status: putParent({ group: "autoscaling", version, kind: "HorizontalPodAutoscaler" }) },
  };
}

export const gvrKey = (r: GroupVersionResource) => `${r.group}/${r.version}/${r.resource}`;

/** Can the oracle send this request to a real server? */
export function realisable(req: AdmissionRequest): Realisation {
  const key = gvrKey(req.resource);
  const r = table[key];
  const what = `${req.resource.resource}${req.subResource ? `/${req.subResource}` : ""}`;
  if (r === undefined) return { ok: false, why: `the apiserver oracle cannot realise ${what} (${key}) yet` };
  if (r.namespaced && !req.namespace)
    return { ok: false, why: `a ${what} request without a namespace cannot be realised` };
  const subName = req.subResource ?? "";
  if (subName !== "") {
    const sub = r.subresources?.[subName];
    if (sub === undefined) return { ok: false, why: `the apiserver oracle cannot realise ${what} (${key}) yet` };
    if (sub.operation !== req.operation)
      return { ok: false, why: `the server takes ${sub.operation} on ${what}, the request is ${req.operation}` };
    const k = sub.kind;
    if (req.kind.group !== k.group || req.kind.version !== k.version || req.kind.kind !== k.kind)
      return {
        ok: false,
        why: `the server sends ${what} as kind ${k.group}/${k.version}/${k.kind}, the request says ${req.kind.group}/${req.kind.version}/${req.kind.kind}`,
      };
    if (!req.name) return { ok: false, why: `a ${what} request without a name cannot be realised` };
    const differs = sub.sameAsCase?.(req);
    if (differs !== undefined) return { ok: false, why: differs };
    return { ok: true, r: { ...r, sub: { ...sub, name: subName } } };
  }
  if (!r.operations.includes(req.operation))
    return { ok: false, why: `the apiserver oracle cannot realise ${req.operation} of ${what} yet` };
  if (req.kind.group !== req.resource.group || req.kind.version !== req.resource.version || req.kind.kind !== r.kind)
    return {
      ok: false,
      why: `the server serves ${key} as kind ${r.kind}, the request says ${req.kind.group}/${req.kind.version}/${req.kind.kind}`,
    };
  return { ok: true, r };
}

/** The REST path of the collection (name omitted) or of one object. */
export function restPath(res: GroupVersionResource, namespaced: boolean, ns: string, name?: string): string {
  const base = res.group === "" ? `/api/${res.version}` : `/apis/${res.group}/${res.version}`;
  const coll = `${base}${namespaced ? `/namespaces/${ns}` : ""}/${res.resource}`;
  return name ? `${coll}/${encodeURIComponent(name)}` : coll;
}
