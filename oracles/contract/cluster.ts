import type { EquivalentResource } from "./kube.ts";

/** The cluster state a matcher may consult (conformance-format.md §1.3). */
export interface Cluster {
  /** The namespaces that exist: name -> labels. A name absent here does not exist. */
  readonly namespaces?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** The equivalent-resource registry's answer for the request's resource and subresource. */
  readonly equivalentResources?: readonly EquivalentResource[];
}
