// The resources the apiserver oracle can realise: their kind, scope, the operations it sends,
// and what the server's own validation needs filled in so that admission is reached.
import type { AdmissionRequest, GroupVersionResource } from "../../contract/kube.ts";

type Obj = Record<string, unknown>;

export interface Realisable {
  readonly kind: string;
  readonly namespaced: boolean;
  readonly operations: readonly string[];
  /** Fills the fields validation requires; `ns` is the (renamed) namespace, "" when cluster-scoped. */
  readonly fill: (o: Obj, ns: string) => Obj;
  /** Pods need the namespace's `default` ServiceAccount (ServiceAccount admission runs before VAP). */
  readonly needsServiceAccount?: boolean;
  /** Validation wants metadata empty (the authorization reviews): no name, no labels. */
  readonly emptyMetadata?: boolean;
  /** The subresources it can realise, by name. */
  readonly subresources?: Readonly<Record<string, Subresource>>;
  /** Set when the request is on one of them. */
  readonly sub?: Subresource & { readonly name: string };
}

/**
 * How a subresource request is sent. `parent`: what must be stored first — the request's old
 * object ("old"), an object of the parent kind with the request's name and no labels ("minimal"),
 * or nothing: a CONNECT goes to a parent that does not exist, so nothing is reached after admission.
 */
export interface Subresource {
  readonly kind: { readonly group: string; readonly version: string; readonly kind: string };
  readonly operation: "CREATE" | "UPDATE" | "CONNECT";
  readonly parent: "old" | "minimal" | "none";
  /** The object admission sees is not the one the case states: the condition under which they agree, with the reason. */
  readonly sameAsCase?: (req: AdmissionRequest) => string | undefined;
  /** Method, query and body of the request, given the stored parent (if any). */
  readonly send: (
    req: AdmissionRequest,
    parent: Obj | undefined,
  ) => {
    readonly method: string;
    readonly query: Readonly<Record<string, string>>;
    readonly body?: Obj;
  };
}

const dryRun = { dryRun: "All" };
const labelsOf = (o: AdmissionRequest["object"]) =>
  JSON.stringify(((o?.metadata ?? {}) as { labels?: unknown }).labels ?? {});

/** PUT the stored parent back to /status (or /finalize): status strategies reset metadata to the old object's. */
export const putParent = (kind: Subresource["kind"]): Subresource => ({
  kind,
  operation: "UPDATE",
  parent: "old",
  sameAsCase: (req) =>
    labelsOf(req.object) === labelsOf(req.oldObject)
      ? undefined
      : "the object changes labels, but a status update's strategy (metav1.ResetObjectMetaForStatus) puts the old labels back before validating admission sees it",
  send: (_req, parent) => ({ method: "PUT", query: dryRun, body: parent ?? {} }),
});

const noLabels = (what: string) => (req: AdmissionRequest) =>
  labelsOf(req.object) === "{}" && labelsOf(req.oldObject) === "{}"
    ? undefined
    : `the case gives the ${what} labels, but the server builds the ${what} itself, without them`;

const scale: Subresource = {
  kind: { group: "autoscaling", version: "v1", kind: "Scale" },
  operation: "UPDATE",
  parent: "minimal",
  sameAsCase: noLabels("Scale"),
  send: (req) => ({
    method: "PUT",
    query: dryRun,
    body: {
      apiVersion: "autoscaling/v1",
      kind: "Scale",
      metadata: { name: req.name, ...(req.namespace && { namespace: req.namespace }) },
      spec: { replicas: 1 },
    },
  }),
};

/** CONNECT without dry-run (connect takes none) to a parent that does not exist. */
const connect = (kind: string, query: Readonly<Record<string, string>>): Subresource => ({
  kind: { group: "", version: "v1", kind },
  operation: "CONNECT",
  parent: "none",
  send: () => ({ method: "POST", query }),
});

const createOn = (kind: Subresource["kind"], body: (req: AdmissionRequest) => Obj): Subresource => ({
  kind,
  operation: "CREATE",
  parent: "minimal",
  send: (req) => {
    const b = body(req);
    const labels = ((req.object?.metadata ?? {}) as { labels?: Obj }).labels;
    return {
      method: "POST",
      query: dryRun,
      body: labels ? { ...b, metadata: { ...(b.metadata as Obj), labels } } : b,
    };
  },
});

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

/**
 * The resources admission exempts (the admissionregistration resources from policies or webhooks,
 * the authentication and authorization reviews): CREATE only, dry-run, with bodies that pass validation.
 */
function exemptResources(): Record<string, Realisable> {
  const create = (kind: string, namespaced: boolean, fill: Realisable["fill"]): Realisable => ({
    kind,
    namespaced,
    operations: ["CREATE"],
    fill,
    ...(kind.endsWith("AccessReview") || kind.endsWith("RulesReview") ? { emptyMetadata: true } : {}),
  });
  const rules = {
    resourceRules: [{ operations: ["CREATE"], apiGroups: ["mc.invalid"], apiVersions: ["v1"], resources: ["none"] }],
  };
  const ar = "admissionregistration.k8s.io/v1";
  const attributes = (ns: string) => ({ ...(ns && { namespace: ns }), verb: "get", resource: "pods" });
  return {
    [`${ar}/validatingwebhookconfigurations`]: create("ValidatingWebhookConfiguration", false, (o) => ({
      ...o,
      webhooks: [],
    })),
    [`${ar}/mutatingwebhookconfigurations`]: create("MutatingWebhookConfiguration", false, (o) => ({
      ...o,
      webhooks: [],
    })),
    [`${ar}/validatingadmissionpolicies`]: create("ValidatingAdmissionPolicy", false, (o) => ({
      ...o,
      spec: { matchConstraints: rules, validations: [{ expression: "true" }] },
    })),
    [`${ar}/validatingadmissionpolicybindings`]: create("ValidatingAdmissionPolicyBinding", false, (o) => ({
      ...o,
      spec: { policyName: "mc-no-such-policy", validationActions: ["Warn"] },
    })),
    [`${ar}/mutatingadmissionpolicies`]: create("MutatingAdmissionPolicy", false, (o) => ({
      ...o,
      spec: {
        matchConstraints: rules,
        reinvocationPolicy: "Never",
        mutations: [{ patchType: "ApplyConfiguration", applyConfiguration: { expression: "Object{}" } }],
      },
    })),
    [`${ar}/mutatingadmissionpolicybindings`]: create("MutatingAdmissionPolicyBinding", false, (o) => ({
      ...o,
      spec: { policyName: "mc-no-such-policy" },
    })),
    "authentication.k8s.io/v1/tokenreviews": create("TokenReview", false, (o) => ({
      ...o,
      spec: { token: "mc-no-such-token" },
    })),
    "authentication.k8s.io/v1/selfsubjectreviews": create("SelfSubjectReview", false, same),
    "authorization.k8s.io/v1/subjectaccessreviews": create("SubjectAccessReview", false, (o) => ({
      ...o,
      spec: { user: "mc-nobody", resourceAttributes: attributes("") },
    })),
    "authorization.k8s.io/v1/selfsubjectaccessreviews": create("SelfSubjectAccessReview", false, (o) => ({
      ...o,
      spec: { resourceAttributes: attributes("") },
    })),
    "authorization.k8s.io/v1/selfsubjectrulesreviews": create("SelfSubjectRulesReview", false, (o) => ({
      ...o,
      spec: { namespace: "default" },
    })),
    "authorization.k8s.io/v1/localsubjectaccessreviews": create("LocalSubjectAccessReview", true, (o, ns) => ({
      ...o,
      spec: { user: "mc-nobody", resourceAttributes: attributes(ns) },
    })),
  };
}

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

export type Realisation = { readonly ok: true; readonly r: Realisable } | { readonly ok: false; readonly why: string };

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
