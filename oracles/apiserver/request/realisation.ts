// What realises a request on the server: its kind, scope, the operations the oracle sends, what
// validation needs filled in, and how a subresource request is sent.
import type { AdmissionRequest } from "../../contract/kube.ts";

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

/** A request the oracle can send, or why not. */
export type Realisation = { readonly ok: true; readonly r: Realisable } | { readonly ok: false; readonly why: string };
