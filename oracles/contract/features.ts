// The parts of matching an implementation may leave out (line protocol v1's `capabilities`,
// docs/protocol-capabilities.md), and what in a query calls on each.
import type { Operation } from "./kube.ts";
import type { Query } from "./query.ts";
import type { Subject } from "./subject.ts";

export const operations: readonly Operation[] = ["CREATE", "UPDATE", "DELETE", "CONNECT"];

export const features = [
  "validation",
  "defaulting",
  "equivalent",
  "exemptions",
  "missingNamespaces",
  "customResources",
  "unboundPolicies",
  "matchConditions",
  "params",
] as const;

export type Feature = (typeof features)[number];

/** What each feature covers, for reports and the protocol documentation. */
export const featureSummaries: Readonly<Record<Feature, string>> = {
  validation: "answers invalid for subjects the API server rejects",
  defaulting: "applies the API server's defaults to omitted fields",
  equivalent: "matchPolicy Equivalent: the pass through equivalent resources",
  exemptions: "the resources admission never matches (admission configuration, auth reviews)",
  missingNamespaces: "requests in namespaces that do not exist",
  customResources: "resources outside the built-in API groups",
  unboundPolicies: "a policy that no binding selects, which never acts",
  matchConditions: "matchConditions on policies and webhooks, and the request's userInfo they read",
  params: "a policy's paramKind, its binding's paramRef and the param objects of the cluster",
};

/**
 * Features that came after line protocol v1: an implementation claims them only by naming them,
 * so that one written before them is never sent what it never heard of.
 */
export const optInFeatures: readonly Feature[] = ["matchConditions", "params"];

/**
 * Built-in API groups: the core group, the unqualified groups (apps, batch, autoscaling, policy)
 * and the *.k8s.io groups; anything else (example.com) is a custom resource.
 */
export function isBuiltinGroup(group: string): boolean {
  return group === "" || !group.includes(".") || group.endsWith(".k8s.io");
}

/**
 * `*.k8s.io` groups that kube-apiserver does not serve itself: CRDs of Kubernetes SIG projects
 * (Gateway API, volume snapshots, the network policy API) and the aggregated metrics APIs. A tool
 * that knows the built-in kinds alone (Kyverno's offline REST mapper without --crd) cannot map them.
 */
const servedOutsideKubeApiserver: ReadonlySet<string> = new Set([
  "gateway.networking.k8s.io",
  "snapshot.storage.k8s.io",
  "policy.networking.k8s.io",
  "metrics.k8s.io",
  "custom.metrics.k8s.io",
  "external.metrics.k8s.io",
]);

/** A resource of kube-apiserver's own: a built-in group that no CRD or aggregated API serves. */
export function isBuiltinResourceGroup(group: string): boolean {
  return isBuiltinGroup(group) && !servedOutsideKubeApiserver.has(group);
}

/** A policy subject without a binding: a policy that no binding selects. */
export function isUnboundPolicy(subject: Subject): boolean {
  return (
    (subject.kind === "ValidatingAdmissionPolicy" || subject.kind === "MutatingAdmissionPolicy") && !subject.binding
  );
}

/** A policy or webhook with at least one matchCondition (as decoded: null is none). */
export function carriesMatchConditions(subject: Subject): boolean {
  const s = subject as { policy?: { matchConditions?: unknown }; webhook?: { matchConditions?: unknown } };
  const list = s.policy?.matchConditions ?? s.webhook?.matchConditions;
  return Array.isArray(list) && list.length > 0;
}

/** A policy with a paramKind or a binding with a paramRef (as decoded: null is none), or a cluster with param objects or custom kinds. */
export function carriesParams(q: Pick<Query, "subject" | "cluster">): boolean {
  const s = q.subject as { policy?: { paramKind?: unknown }; binding?: { paramRef?: unknown } };
  const given = (v: unknown) => v !== undefined && v !== null;
  return (
    given(s.policy?.paramKind) ||
    given(s.binding?.paramRef) ||
    (q.cluster.params ?? []).length > 0 ||
    (q.cluster.customKinds ?? []).length > 0
  );
}
