// Why a real cluster cannot reproduce a query, in the two kinds a report must keep apart. An unreal
// input is one no real cluster ever sends to admission, whoever asks: a cause seen only on such
// inputs is reported apart and never counted. An unobservable one is a request a real cluster does
// send, whose decision this oracle cannot observe or impose (a mutating policy's decision on a
// subresource, a stated equivalent registry): it stays a cause, with the reason beside it.
import type { Query } from "../../contract/query.ts";
import { withoutNameLabel } from "../request/body.ts";
import { isNamespaceResource } from "../request/rename.ts";

export type NotReproducible =
  | { readonly kind: "unreal-input"; readonly why: string }
  | { readonly kind: "unobservable"; readonly why: string };

export type NotReproducibleKind = NotReproducible["kind"];

export const updateWithoutName =
  "an UPDATE without a name has no realisation: only a deletecollection's items are admitted without one";

/**
 * Why no real cluster sends q to admission, or undefined. Each is decided before any policy runs:
 * a kind is registered with every version a server serves (an equivalent without one is KindFor's
 * unknown kind, which only the model's tests produce); NamespaceLifecycle refuses a request in a
 * namespace that does not exist with 404 (k8s.io/apiserver pkg/admission/plugin/namespace/lifecycle
 * admission.go); an UPDATE names its object in the URL; a resource named namespaces is addressed by
 * name through a path read as a namespace's; a Namespace's UPDATE or DELETE acts on the one stored
 * namespace, so its old object is that namespace.
 */
export function whyUnrealInput(q: Query): string | undefined {
  if ((q.cluster.equivalentResources ?? []).some((e) => e.kind.kind === ""))
    return "an equivalent without a kind (KindFor's unknown kind) cannot be made: a real server registers a kind with every version";
  const r = q.request;
  const ns = r.namespace ?? "";
  if (ns !== "" && !isNamespaceResource(r) && q.cluster.namespaces?.[ns] === undefined)
    return `the namespace "${ns}" does not exist: the real server's NamespaceLifecycle admission rejects the request with 404 before any policy runs`;
  if (r.operation === "UPDATE" && (r.name ?? "") === "") return updateWithoutName;
  if (
    ns === "" &&
    r.resource.group !== "" &&
    r.resource.resource === "namespaces" &&
    r.operation !== "CREATE" &&
    (r.name ?? "") !== ""
  )
    return `a resource named namespaces is addressed by name as /apis/${r.resource.group}/${r.resource.version}/namespaces/<name>, which k8s.io/apiserver requestinfo.go reads as the namespace <name>: no request for it reaches admission by name without a namespace`;
  if (isNamespaceResource(r) && (r.operation === "UPDATE" || r.operation === "DELETE") && !storedAsOld(q))
    return `the cluster's namespace "${r.name}" is not the request's old object (missing, or with other labels): a real server's old object is the one namespace it stores`;
  return undefined;
}

/** The stored namespace's labels are the old object's (the name label aside). */
export function storedAsOld(q: Query): boolean {
  const stored = q.cluster.namespaces?.[q.request.name ?? ""];
  if (stored === undefined) return false;
  const old = q.request.oldObject;
  const oldLabels = ((old?.metadata ?? {}) as { labels?: Record<string, string> }).labels ?? {};
  const norm = (l: Readonly<Record<string, string>>) => JSON.stringify(Object.entries(withoutNameLabel(l)).sort());
  return norm(stored) === norm(oldLabels);
}
