// The resources a kube-apiserver serves at the supported minors (1.30–1.37), as data: group,
// versions (the preferred first), resource, kind, scope, verbs and subresources. Derived from
// k8s.io/kubernetes v1.37.2 pkg/registry/*/rest/storage_*.go (the storage map names each resource
// and `resource+"/<sub>"` its subresources) and k8s.io/api types for kinds and scope; an entry
// served from a later minor on, or a subresource added later, says so in `minors`.
// apiResources.test.ts re-reads the storage files from the Go module cache when it is there.

/** A REST verb as discovery lists it. */
export type Verb = "create" | "delete" | "deletecollection" | "get" | "list" | "patch" | "update" | "watch";

export interface ApiSubresource {
  readonly name: string;
  /** The kind the request carries, when it is not the parent's (eviction, scale, the options). */
  readonly kind?: { readonly group: string; readonly version: string; readonly kind: string };
  readonly verbs: readonly Verb[];
  /** From which minor on it is served, when not at every supported minor (">=1.33"). */
  readonly minors?: string;
}

export interface ApiResource {
  readonly group: string;
  readonly versions: readonly string[];
  readonly resource: string;
  readonly kind: string;
  readonly namespaced: boolean;
  readonly verbs: readonly Verb[];
  readonly subresources: readonly ApiSubresource[];
  readonly minors?: string;
  /** Where upstream registers it (k8s.io/kubernetes unless said otherwise). */
  readonly source: string;
}

const all: readonly Verb[] = ["create", "delete", "deletecollection", "get", "list", "patch", "update", "watch"];
const createOnly: readonly Verb[] = ["create"];
const getPatchUpdate: readonly Verb[] = ["get", "patch", "update"];
const status: ApiSubresource = { name: "status", verbs: getPatchUpdate };
const scale: ApiSubresource = {
  name: "scale",
  kind: { group: "autoscaling", version: "v1", kind: "Scale" },
  verbs: getPatchUpdate,
};
const connect = (name: string, kind: string, verbs: readonly Verb[] = ["create", "get"]): ApiSubresource => ({
  name,
  kind: { group: "", version: "v1", kind },
  verbs,
});

const core = "pkg/registry/core/rest/storage_core.go";
// The resources a generic control plane serves too (storage_core.go adds the rest).
const coreGeneric = "pkg/registry/core/rest/storage_core_generic.go";
const reg = (group: string, file = group) => `pkg/registry/${group}/rest/storage_${file}.go`;

export const apiResources: readonly ApiResource[] = [
  {
    group: "",
    versions: ["v1"],
    resource: "pods",
    kind: "Pod",
    namespaced: true,
    verbs: all,
    subresources: [
      connect("attach", "PodAttachOptions"),
      { name: "binding", kind: { group: "", version: "v1", kind: "Binding" }, verbs: createOnly },
      { name: "ephemeralcontainers", verbs: getPatchUpdate },
      { name: "eviction", kind: { group: "policy", version: "v1", kind: "Eviction" }, verbs: createOnly },
      connect("exec", "PodExecOptions"),
      { name: "log", verbs: ["get"] },
      connect("portforward", "PodPortForwardOptions"),
      connect("proxy", "PodProxyOptions", ["create", "delete", "get", "patch", "update"]),
      // InPlacePodVerticalScaling, beta and on by default from 1.33.
      { name: "resize", verbs: getPatchUpdate, minors: ">=1.33" },
      status,
    ],
    source: core,
  },
  {
    group: "",
    versions: ["v1"],
    resource: "bindings",
    kind: "Binding",
    namespaced: true,
    verbs: createOnly,
    subresources: [],
    source: core,
  },
  {
    group: "",
    versions: ["v1"],
    resource: "configmaps",
    kind: "ConfigMap",
    namespaced: true,
    verbs: all,
    subresources: [],
    source: coreGeneric,
  },
  {
    group: "",
    versions: ["v1"],
    resource: "secrets",
    kind: "Secret",
    namespaced: true,
    verbs: all,
    subresources: [],
    source: coreGeneric,
  },
  {
    group: "",
    versions: ["v1"],
    resource: "serviceaccounts",
    kind: "ServiceAccount",
    namespaced: true,
    verbs: all,
    subresources: [
      {
        name: "token",
        kind: { group: "authentication.k8s.io", version: "v1", kind: "TokenRequest" },
        verbs: createOnly,
      },
    ],
    source: core,
  },
  {
    group: "",
    versions: ["v1"],
    resource: "services",
    kind: "Service",
    namespaced: true,
    verbs: ["create", "delete", "deletecollection", "get", "list", "patch", "update", "watch"],
    subresources: [connect("proxy", "ServiceProxyOptions", ["create", "delete", "get", "patch", "update"]), status],
    source: core,
  },
  // Irregular: the kind is plural already, and the resource is the kind lowercased.
  {
    group: "",
    versions: ["v1"],
    resource: "endpoints",
    kind: "Endpoints",
    namespaced: true,
    verbs: all,
    subresources: [],
    source: core,
  },
  {
    group: "",
    versions: ["v1"],
    resource: "namespaces",
    kind: "Namespace",
    namespaced: false,
    verbs: ["create", "delete", "get", "list", "patch", "update", "watch"],
    subresources: [{ name: "finalize", verbs: ["update"] }, status],
    source: coreGeneric,
  },
  {
    group: "",
    versions: ["v1"],
    resource: "nodes",
    kind: "Node",
    namespaced: false,
    verbs: all,
    subresources: [connect("proxy", "NodeProxyOptions", ["create", "delete", "get", "patch", "update"]), status],
    source: core,
  },
  {
    group: "",
    versions: ["v1"],
    resource: "persistentvolumes",
    kind: "PersistentVolume",
    namespaced: false,
    verbs: all,
    subresources: [status],
    source: core,
  },
  {
    group: "",
    versions: ["v1"],
    resource: "persistentvolumeclaims",
    kind: "PersistentVolumeClaim",
    namespaced: true,
    verbs: all,
    subresources: [status],
    source: core,
  },
  {
    group: "",
    versions: ["v1"],
    resource: "replicationcontrollers",
    kind: "ReplicationController",
    namespaced: true,
    verbs: all,
    subresources: [scale, status],
    source: core,
  },
  {
    group: "",
    versions: ["v1"],
    resource: "limitranges",
    kind: "LimitRange",
    namespaced: true,
    verbs: all,
    subresources: [],
    source: core,
  },
  {
    group: "",
    versions: ["v1"],
    resource: "resourcequotas",
    kind: "ResourceQuota",
    namespaced: true,
    verbs: all,
    subresources: [status],
    source: coreGeneric,
  },
  {
    group: "",
    versions: ["v1"],
    resource: "podtemplates",
    kind: "PodTemplate",
    namespaced: true,
    verbs: all,
    subresources: [],
    source: core,
  },
  {
    group: "",
    versions: ["v1"],
    resource: "events",
    kind: "Event",
    namespaced: true,
    verbs: all,
    subresources: [],
    source: coreGeneric,
  },
  {
    group: "",
    versions: ["v1"],
    resource: "componentstatuses",
    kind: "ComponentStatus",
    namespaced: false,
    verbs: ["get", "list"],
    subresources: [],
    source: core,
  },
  ...(["deployments", "statefulsets", "replicasets"] as const).map(
    (resource): ApiResource => ({
      group: "apps",
      versions: ["v1"],
      resource,
      kind: { deployments: "Deployment", statefulsets: "StatefulSet", replicasets: "ReplicaSet" }[resource],
      namespaced: true,
      verbs: all,
      subresources: [scale, status],
      source: reg("apps"),
    }),
  ),
  {
    group: "apps",
    versions: ["v1"],
    resource: "daemonsets",
    kind: "DaemonSet",
    namespaced: true,
    verbs: all,
    subresources: [status],
    source: reg("apps"),
  },
  {
    group: "apps",
    versions: ["v1"],
    resource: "controllerrevisions",
    kind: "ControllerRevision",
    namespaced: true,
    verbs: all,
    subresources: [],
    source: reg("apps"),
  },
  {
    group: "batch",
    versions: ["v1"],
    resource: "jobs",
    kind: "Job",
    namespaced: true,
    verbs: all,
    subresources: [status],
    source: reg("batch"),
  },
  {
    group: "batch",
    versions: ["v1"],
    resource: "cronjobs",
    kind: "CronJob",
    namespaced: true,
    verbs: all,
    subresources: [status],
    source: reg("batch"),
  },
  {
    group: "autoscaling",
    versions: ["v2", "v1"],
    resource: "horizontalpodautoscalers",
    kind: "HorizontalPodAutoscaler",
    namespaced: true,
    verbs: all,
    subresources: [status],
    source: reg("autoscaling"),
  },
  {
    group: "policy",
    versions: ["v1"],
    resource: "poddisruptionbudgets",
    kind: "PodDisruptionBudget",
    namespaced: true,
    verbs: all,
    subresources: [status],
    source: reg("policy"),
  },
  // Irregular plurals: Ingress -> ingresses, NetworkPolicy -> networkpolicies.
  {
    group: "networking.k8s.io",
    versions: ["v1"],
    resource: "ingresses",
    kind: "Ingress",
    namespaced: true,
    verbs: all,
    subresources: [status],
    source: reg("networking", "settings"),
  },
  {
    group: "networking.k8s.io",
    versions: ["v1"],
    resource: "ingressclasses",
    kind: "IngressClass",
    namespaced: false,
    verbs: all,
    subresources: [],
    source: reg("networking", "settings"),
  },
  {
    group: "networking.k8s.io",
    versions: ["v1"],
    resource: "networkpolicies",
    kind: "NetworkPolicy",
    namespaced: true,
    verbs: all,
    subresources: [],
    source: reg("networking", "settings"),
  },
  // MultiCIDRServiceAllocator, networking.k8s.io/v1 from 1.33 (v1beta1 before, off by default).
  {
    group: "networking.k8s.io",
    versions: ["v1"],
    resource: "servicecidrs",
    kind: "ServiceCIDR",
    namespaced: false,
    verbs: all,
    subresources: [status],
    minors: ">=1.33",
    source: reg("networking", "settings"),
  },
  {
    group: "discovery.k8s.io",
    versions: ["v1"],
    resource: "endpointslices",
    kind: "EndpointSlice",
    namespaced: true,
    verbs: all,
    subresources: [],
    source: reg("discovery"),
  },
  ...(["roles", "rolebindings", "clusterroles", "clusterrolebindings"] as const).map(
    (resource): ApiResource => ({
      group: "rbac.authorization.k8s.io",
      versions: ["v1"],
      resource,
      kind: {
        roles: "Role",
        rolebindings: "RoleBinding",
        clusterroles: "ClusterRole",
        clusterrolebindings: "ClusterRoleBinding",
      }[resource],
      namespaced: !resource.startsWith("cluster"),
      verbs: all,
      subresources: [],
      source: reg("rbac"),
    }),
  ),
  {
    group: "storage.k8s.io",
    versions: ["v1"],
    resource: "storageclasses",
    kind: "StorageClass",
    namespaced: false,
    verbs: all,
    subresources: [],
    source: reg("storage"),
  },
  {
    group: "storage.k8s.io",
    versions: ["v1"],
    resource: "volumeattachments",
    kind: "VolumeAttachment",
    namespaced: false,
    verbs: all,
    subresources: [status],
    source: reg("storage"),
  },
  {
    group: "storage.k8s.io",
    versions: ["v1"],
    resource: "csidrivers",
    kind: "CSIDriver",
    namespaced: false,
    verbs: all,
    subresources: [],
    source: reg("storage"),
  },
  {
    group: "coordination.k8s.io",
    versions: ["v1"],
    resource: "leases",
    kind: "Lease",
    namespaced: true,
    verbs: all,
    subresources: [],
    source: reg("coordination"),
  },
  {
    group: "scheduling.k8s.io",
    versions: ["v1"],
    resource: "priorityclasses",
    kind: "PriorityClass",
    namespaced: false,
    verbs: all,
    subresources: [],
    source: reg("scheduling"),
  },
  {
    group: "certificates.k8s.io",
    versions: ["v1"],
    resource: "certificatesigningrequests",
    kind: "CertificateSigningRequest",
    namespaced: false,
    verbs: all,
    subresources: [{ name: "approval", verbs: getPatchUpdate }, status],
    source: reg("certificates"),
  },
  {
    group: "events.k8s.io",
    versions: ["v1"],
    resource: "events",
    kind: "Event",
    namespaced: true,
    verbs: all,
    subresources: [],
    source: reg("events"),
  },
  ...(
    [
      ["validatingwebhookconfigurations", "ValidatingWebhookConfiguration", false],
      ["mutatingwebhookconfigurations", "MutatingWebhookConfiguration", false],
      ["validatingadmissionpolicies", "ValidatingAdmissionPolicy", true],
      ["validatingadmissionpolicybindings", "ValidatingAdmissionPolicyBinding", false],
    ] as const
  ).map(
    ([resource, kind, hasStatus]): ApiResource => ({
      group: "admissionregistration.k8s.io",
      versions: ["v1"],
      resource,
      kind,
      namespaced: false,
      verbs: all,
      subresources: hasStatus ? [status] : [],
      source: reg("admissionregistration", "apiserver"),
    }),
  ),
  // v1alpha1 from 1.32 and v1beta1 from 1.34 (both off by default); v1, on by default, from 1.36.
  ...(
    [
      ["mutatingadmissionpolicies", "MutatingAdmissionPolicy"],
      ["mutatingadmissionpolicybindings", "MutatingAdmissionPolicyBinding"],
    ] as const
  ).map(
    ([resource, kind]): ApiResource => ({
      group: "admissionregistration.k8s.io",
      versions: ["v1"],
      resource,
      kind,
      namespaced: false,
      verbs: all,
      subresources: [],
      minors: ">=1.36",
      source: reg("admissionregistration", "apiserver"),
    }),
  ),
  {
    group: "apiextensions.k8s.io",
    versions: ["v1"],
    resource: "customresourcedefinitions",
    kind: "CustomResourceDefinition",
    namespaced: false,
    verbs: all,
    subresources: [status],
    source: "k8s.io/apiextensions-apiserver pkg/apiserver/apiserver.go",
  },
  {
    group: "authentication.k8s.io",
    versions: ["v1"],
    resource: "tokenreviews",
    kind: "TokenReview",
    namespaced: false,
    verbs: createOnly,
    subresources: [],
    source: reg("authentication"),
  },
  {
    group: "authentication.k8s.io",
    versions: ["v1"],
    resource: "selfsubjectreviews",
    kind: "SelfSubjectReview",
    namespaced: false,
    verbs: createOnly,
    subresources: [],
    source: reg("authentication"),
  },
  ...(
    [
      ["subjectaccessreviews", "SubjectAccessReview", false],
      ["selfsubjectaccessreviews", "SelfSubjectAccessReview", false],
      ["localsubjectaccessreviews", "LocalSubjectAccessReview", true],
      ["selfsubjectrulesreviews", "SelfSubjectRulesReview", false],
    ] as const
  ).map(
    ([resource, kind, namespaced]): ApiResource => ({
      group: "authorization.k8s.io",
      versions: ["v1"],
      resource,
      kind,
      namespaced,
      verbs: createOnly,
      subresources: [],
      source: reg("authorization"),
    }),
  ),
];
