import type { EquivalentResource, KubeObject } from "./kube.ts";

/** A kind the cluster serves through a CustomResourceDefinition (docs/case-format.md, "Params"). */
export interface CustomKind {
  /** `<group>/<version>`, the group outside the built-in ones. */
  readonly apiVersion: string;
  readonly kind: string;
  readonly scope: "Namespaced" | "Cluster";
}

/** An object that exists in the cluster, for a policy's paramRef to find: `metadata.name` is required. */
export type ParamObject = KubeObject & {
  readonly apiVersion: string;
  readonly kind: string;
  readonly metadata: {
    readonly name: string;
    readonly namespace?: string;
    readonly labels?: Readonly<Record<string, string>>;
  };
};

/** The cluster state a matcher may consult (docs/case-format.md, Cluster). */
export interface Cluster {
  /** The namespaces that exist: name -> labels. A name absent here does not exist. */
  readonly namespaces?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** The equivalent-resource registry's answer for the request's resource and subresource. */
  readonly equivalentResources?: readonly EquivalentResource[];
  /** A compatible extension of format v1: the custom kinds served besides the built-in ones. */
  readonly customKinds?: readonly CustomKind[];
  /** A compatible extension of format v1: the objects a paramRef may find. */
  readonly params?: readonly ParamObject[];
}
