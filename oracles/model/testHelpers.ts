// Tiny builders for table tests, after the upstream tests' gvr(...) and gvk(...) helpers.
import type { AdmissionRequest, GroupVersionKind, GroupVersionResource, Operation } from "../contract/kube.ts";

export const gvr = (group: string, version: string, resource: string): GroupVersionResource => ({
  group,
  version,
  resource,
});
export const gvk = (group: string, version: string, kind: string): GroupVersionKind => ({ group, version, kind });

/** A coherent request for a namespaced core/v1 pod unless overridden. */
export function request(overrides: Partial<AdmissionRequest> & { operation?: Operation } = {}): AdmissionRequest {
  const operation = overrides.operation ?? "CREATE";
  const object = {
    apiVersion: "v1",
    kind: "Pod",
    metadata: { name: "web", namespace: "prod", labels: { app: "web" } },
  };
  return {
    operation,
    resource: gvr("", "v1", "pods"),
    kind: gvk("", "v1", "Pod"),
    namespace: "prod",
    name: "web",
    object: operation === "DELETE" ? null : object,
    oldObject: operation === "UPDATE" || operation === "DELETE" ? object : null,
    ...overrides,
  };
}
