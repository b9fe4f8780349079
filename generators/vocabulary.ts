// The small shared vocabularies that selectors, labels, rules and requests are drawn from, so
// that generated subjects and requests meet often enough for about half the decisions to match.
import type { GroupVersionKind } from "../oracles/contract/kube.ts";

export const labelKeys = ["app", "team", "env", "example.com/tier", "kubernetes.io/metadata.name"] as const;
export const labelValues = ["web", "db", "prod", "dev", "a", ""] as const;
export const namespaceNames = ["prod", "dev", "ops"] as const;
/** A namespace that never exists in a generated cluster. */
export const missingNamespace = "gone";
export const objectNames = ["web", "db", "x"] as const;

export interface Subresource {
  readonly name: string;
  readonly kind: GroupVersionKind;
  readonly operations: readonly ("CREATE" | "UPDATE" | "DELETE" | "CONNECT")[];
  /** CONNECT subresources receive an options object without metadata. */
  readonly optionsKind?: string;
}

export interface ResourceType {
  readonly group: string;
  readonly versions: readonly string[];
  readonly resource: string;
  readonly kind: string;
  readonly namespaced: boolean;
  readonly operations: readonly ("CREATE" | "UPDATE" | "DELETE")[];
  readonly subresources: readonly Subresource[];
}

const crud = ["CREATE", "UPDATE", "DELETE"] as const;
const status = (group: string, version: string, kind: string): Subresource => ({
  name: "status",
  kind: { group, version, kind },
  operations: ["UPDATE"],
});
const scale: Subresource = {
  name: "scale",
  kind: { group: "autoscaling", version: "v1", kind: "Scale" },
  operations: ["UPDATE"],
};

/** Built-in and custom resources that exercise scope, subresources, equivalents and exemptions. */
export const resourceTypes: readonly ResourceType[] = [
  {
    group: "",
    versions: ["v1"],
    resource: "pods",
    kind: "Pod",
    namespaced: true,
    operations: crud,
    subresources: [
      status("", "v1", "Pod"),
      {
        name: "exec",
        kind: { group: "", version: "v1", kind: "PodExecOptions" },
        operations: ["CONNECT"],
        optionsKind: "PodExecOptions",
      },
      { name: "eviction", kind: { group: "policy", version: "v1", kind: "Eviction" }, operations: ["CREATE"] },
      { name: "binding", kind: { group: "", version: "v1", kind: "Binding" }, operations: ["CREATE"] },
    ],
  },
  {
    group: "",
    versions: ["v1"],
    resource: "configmaps",
    kind: "ConfigMap",
    namespaced: true,
    operations: crud,
    subresources: [],
  },
  {
    group: "apps",
    versions: ["v1"],
    resource: "deployments",
    kind: "Deployment",
    namespaced: true,
    operations: crud,
    subresources: [status("apps", "v1", "Deployment"), scale],
  },
  {
    group: "",
    versions: ["v1"],
    resource: "events",
    kind: "Event",
    namespaced: true,
    operations: crud,
    subresources: [],
  },
  {
    group: "events.k8s.io",
    versions: ["v1"],
    resource: "events",
    kind: "Event",
    namespaced: true,
    operations: crud,
    subresources: [],
  },
  {
    group: "autoscaling",
    versions: ["v2", "v1"],
    resource: "horizontalpodautoscalers",
    kind: "HorizontalPodAutoscaler",
    namespaced: true,
    operations: crud,
    subresources: [status("autoscaling", "v2", "HorizontalPodAutoscaler")],
  },
  {
    group: "example.com",
    versions: ["v1", "v2"],
    resource: "widgets",
    kind: "Widget",
    namespaced: true,
    operations: crud,
    subresources: [status("example.com", "v1", "Widget")],
  },
  {
    group: "",
    versions: ["v1"],
    resource: "namespaces",
    kind: "Namespace",
    namespaced: false,
    operations: crud,
    subresources: [
      status("", "v1", "Namespace"),
      { name: "finalize", kind: { group: "", version: "v1", kind: "Namespace" }, operations: ["UPDATE"] },
    ],
  },
  {
    group: "rbac.authorization.k8s.io",
    versions: ["v1"],
    resource: "clusterroles",
    kind: "ClusterRole",
    namespaced: false,
    operations: crud,
    subresources: [],
  },
  {
    group: "",
    versions: ["v1"],
    resource: "nodes",
    kind: "Node",
    namespaced: false,
    operations: crud,
    subresources: [
      status("", "v1", "Node"),
      {
        name: "proxy",
        kind: { group: "", version: "v1", kind: "NodeProxyOptions" },
        operations: ["CONNECT"],
        optionsKind: "NodeProxyOptions",
      },
    ],
  },
  {
    group: "example.com",
    versions: ["v1"],
    resource: "namespaces",
    kind: "Tenant",
    namespaced: false,
    operations: crud,
    subresources: [],
  },
  {
    group: "admissionregistration.k8s.io",
    versions: ["v1"],
    resource: "validatingwebhookconfigurations",
    kind: "ValidatingWebhookConfiguration",
    namespaced: false,
    operations: crud,
    subresources: [],
  },
  {
    group: "admissionregistration.k8s.io",
    versions: ["v1"],
    resource: "validatingadmissionpolicies",
    kind: "ValidatingAdmissionPolicy",
    namespaced: false,
    operations: crud,
    subresources: [status("admissionregistration.k8s.io", "v1", "ValidatingAdmissionPolicy")],
  },
  {
    group: "admissionregistration.k8s.io",
    versions: ["v1"],
    resource: "mutatingadmissionpolicies",
    kind: "MutatingAdmissionPolicy",
    namespaced: false,
    operations: crud,
    subresources: [],
  },
  {
    group: "authentication.k8s.io",
    versions: ["v1"],
    resource: "tokenreviews",
    kind: "TokenReview",
    namespaced: false,
    operations: ["CREATE"],
    subresources: [],
  },
  {
    group: "authorization.k8s.io",
    versions: ["v1"],
    resource: "localsubjectaccessreviews",
    kind: "LocalSubjectAccessReview",
    namespaced: true,
    operations: ["CREATE"],
    subresources: [],
  },
];

/** The API groups, versions and resource tokens rules are drawn from: the catalog's, plus wildcards. */
export const ruleGroups = [
  "",
  "apps",
  "events.k8s.io",
  "autoscaling",
  "example.com",
  "admissionregistration.k8s.io",
] as const;
export const ruleVersions = ["v1", "v2", "v1beta1"] as const;
export const ruleResources = [
  "pods",
  "pods/*",
  "pods/status",
  "pods/exec",
  "*/status",
  "*/scale",
  "deployments",
  "deployments/scale",
  "configmaps",
  "events",
  "horizontalpodautoscalers",
  "widgets",
  "widgets/status",
  "namespaces",
  "namespaces/*",
  "nodes",
  "clusterroles",
  "pods/",
  "*",
] as const;
