// Queries the apiserver tests share.
import type { Query } from "../invariants/invariant.ts";

/** A bare MatchResources that matches everything, on a ConfigMap create in namespace `bystand`. */
export const matchEverything: Query = {
  kubernetesVersion: "1.37",
  subject: { kind: "MatchResources", matchResources: {} },
  cluster: { namespaces: { bystand: {} } },
  request: {
    operation: "CREATE",
    resource: { group: "", version: "v1", resource: "configmaps" },
    kind: { group: "", version: "v1", kind: "ConfigMap" },
    namespace: "bystand",
    name: "cm",
    object: { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "cm", namespace: "bystand" } },
  },
};
