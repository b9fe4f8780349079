// k8s.io/apimachinery pkg/api/meta Accessor: only an object with ObjectMeta has labels.
import type { KubeObject } from "../contract/kube.ts";
import type { Labels } from "./labelSelector.ts";

/** The object's labels; null when it has no `metadata` (meta.Accessor fails). Missing labels are {}. */
export function metadataLabels(object: KubeObject | null): Labels | null {
  const metadata = object?.metadata;
  if (typeof metadata !== "object" || metadata === null) return null;
  const labels = (metadata as Record<string, unknown>).labels;
  return typeof labels === "object" && labels !== null ? (labels as Labels) : {};
}
