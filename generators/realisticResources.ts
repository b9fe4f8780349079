// The realistic vocabulary as the generators draw it: the built-in resources the apiserver oracle
// can put to a real server and the custom resources people run, with the subresources admission
// sees, the namespaces, labels and names of real clusters.
import type { ApiResource, ApiSubresource } from "./apiResources.ts";
import { apiResources } from "./apiResources.ts";
import { customResources } from "./customResources.ts";
import type { ResourceType, Subresource } from "./vocabulary.ts";

/**
 * Built-in resources drawn: those oracles/apiserver/resources.ts realises, so that a generated case
 * can be reproduced on a real server (realisticResources.test.ts holds the two lists together).
 */
const drawnBuiltins = new Set([
  "/pods",
  "/configmaps",
  "/secrets",
  "/serviceaccounts",
  "/services",
  "/namespaces",
  "/nodes",
  "/persistentvolumes",
  "/events",
  "apps/deployments",
  "apps/statefulsets",
  "batch/jobs",
  "batch/cronjobs",
  "autoscaling/horizontalpodautoscalers",
  "policy/poddisruptionbudgets",
  "rbac.authorization.k8s.io/roles",
  "rbac.authorization.k8s.io/rolebindings",
  "rbac.authorization.k8s.io/clusterroles",
  "events.k8s.io/events",
  "admissionregistration.k8s.io/validatingwebhookconfigurations",
  "admissionregistration.k8s.io/mutatingwebhookconfigurations",
  "admissionregistration.k8s.io/validatingadmissionpolicies",
  "admissionregistration.k8s.io/validatingadmissionpolicybindings",
  "authentication.k8s.io/tokenreviews",
  "authorization.k8s.io/subjectaccessreviews",
  "authorization.k8s.io/localsubjectaccessreviews",
]);

/** The exempt resources are realised as dry-run CREATEs only. */
const createOnly = new Set(["admissionregistration.k8s.io", "authentication.k8s.io", "authorization.k8s.io"]);

/** Subresources and how admission sees them, of those the apiserver oracle realises. */
const builtinSubresources: Readonly<Record<string, readonly string[]>> = {
  "/pods": ["status", "exec", "attach", "portforward", "eviction", "binding"],
  "/namespaces": ["status", "finalize"],
  "/nodes": ["status", "proxy"],
  "apps/deployments": ["status", "scale"],
  "apps/statefulsets": ["status", "scale"],
};

const crud = ["CREATE", "UPDATE", "DELETE"] as const;

function operationsOf(r: ApiResource): ResourceType["operations"] {
  if (createOnly.has(r.group)) return r.verbs.includes("create") ? ["CREATE"] : [];
  return crud.filter((op) =>
    op === "CREATE"
      ? r.verbs.includes("create")
      : op === "UPDATE"
        ? r.verbs.includes("update")
        : r.verbs.includes("delete"),
  );
}

function admitted(r: ApiResource, s: ApiSubresource): Subresource {
  const own = { group: r.group, version: r.versions[0] ?? "v1", kind: r.kind };
  const kind = s.kind ?? own;
  // CONNECT subresources: their kind is the options object (PodExecOptions, NodeProxyOptions).
  if (kind.kind.endsWith("Options")) return { name: s.name, kind, operations: ["CONNECT"], optionsKind: kind.kind };
  const operations = s.verbs.includes("update") ? (["UPDATE"] as const) : (["CREATE"] as const);
  return { name: s.name, kind, operations: [...operations] };
}

function typeOf(r: ApiResource, subresources: readonly string[]): ResourceType {
  return {
    group: r.group,
    versions: r.versions,
    resource: r.resource,
    kind: r.kind,
    namespaced: r.namespaced,
    operations: operationsOf(r),
    subresources: r.subresources.filter((s) => subresources.includes(s.name)).map((s) => admitted(r, s)),
  };
}

const key = (r: ApiResource) => `${r.group}/${r.resource}`;

/** The built-in resources of the realistic draws. */
export const realisticBuiltins: readonly ResourceType[] = apiResources
  .filter((r) => drawnBuiltins.has(key(r)) && r.minors === undefined)
  .map((r) => typeOf(r, builtinSubresources[key(r)] ?? []));

/** The custom resources of the realistic draws: of a CRD's subresources, status (what the apiserver oracle realises). */
export const realisticCustom: readonly ResourceType[] = customResources.map((r) => typeOf(r, ["status"]));

export const realisticTypes: readonly ResourceType[] = [...realisticBuiltins, ...realisticCustom];

/**
 * The resources with the most to decide (subresources, cluster scope, the Namespace object), one of
 * which every realistic focus set holds, so that scope and subresource rules are met as often as
 * in the unfocused draws.
 */
const anchors = new Set([
  "/pods",
  "/namespaces",
  "/nodes",
  "/configmaps",
  "apps/deployments",
  "rbac.authorization.k8s.io/clusterroles",
]);
export const realisticAnchors: readonly ResourceType[] = realisticBuiltins.filter((t) =>
  anchors.has(`${t.group}/${t.resource}`),
);

/** Is this resource one of the custom resources of the vocabulary (its CRD's versions are known)? */
export function customResourceOf(group: string, resource: string): ResourceType | undefined {
  return realisticCustom.find((t) => t.group === group && t.resource === resource);
}

export const realisticNamespaces = [
  "default",
  "kube-system",
  "kube-public",
  "monitoring",
  "argocd",
  "istio-system",
  "cert-manager",
] as const;

/** Object names as clusters hold them: dashes, dots (kube-root-ca.crt is in every namespace). */
export const realisticObjectNames = [
  "coredns",
  "argocd-server",
  "kube-root-ca.crt",
  "prometheus-k8s",
  "web-7d4b9c",
  "api.example.com",
] as const;

export const realisticLabelKeys = [
  "app.kubernetes.io/name",
  "app.kubernetes.io/part-of",
  "app.kubernetes.io/managed-by",
  "team",
  "environment",
  "kubernetes.io/metadata.name",
] as const;

export const realisticLabelValues = ["prometheus", "argocd", "payments", "production", "staging", "Helm", ""] as const;
