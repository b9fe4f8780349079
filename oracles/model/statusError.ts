// k8s.io/apimachinery pkg/api/errors: the StatusErrors that matching can return.

export interface StatusError {
  readonly code: number;
  readonly message: string;
}

/** errors.NewNotFound(corev1.Resource("namespaces"), name), as the live GET returns it. */
export function namespaceNotFound(name: string): StatusError {
  return { code: 404, message: `namespaces "${name}" not found` };
}

/** errors.NewInternalError(err): HTTP 500. */
export function internalError(detail: string): StatusError {
  return { code: 500, message: `Internal error occurred: ${detail}` };
}

/** The three-way answer of a selector predicate: upstream's (bool, error) pairs. */
export type PredicateResult =
  | { readonly result: "match" }
  | { readonly result: "noMatch" }
  | { readonly result: "error"; readonly error: StatusError };

export const matched: PredicateResult = { result: "match" };
export const notMatched: PredicateResult = { result: "noMatch" };
export const failed = (error: StatusError): PredicateResult => ({ result: "error", error });
