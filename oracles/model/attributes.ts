// k8s.io/apiserver pkg/admission/attributes.go: what the admission chain sees of a request.
import type {
  AdmissionRequest,
  GroupVersionKind,
  GroupVersionResource,
  KubeObject,
  Operation,
  UserInfo,
} from "../contract/kube.ts";
import { requestUser } from "./userInfo.ts";

export interface Attributes {
  readonly operation: Operation;
  readonly resource: GroupVersionResource;
  readonly subResource: string;
  readonly kind: GroupVersionKind;
  readonly namespace: string;
  readonly name: string;
  readonly object: KubeObject | null;
  readonly oldObject: KubeObject | null;
  readonly user: UserInfo;
}

/** Applies the request defaults of docs/case-format.md, Request. */
export function toAttributes(request: AdmissionRequest): Attributes {
  return {
    operation: request.operation,
    resource: request.resource,
    subResource: request.subResource ?? "",
    kind: request.kind,
    namespace: request.namespace ?? "",
    name: request.name ?? "",
    object: request.object ?? null,
    oldObject: request.oldObject ?? null,
    user: requestUser(request),
  };
}

export function sameGVR(a: GroupVersionResource, b: GroupVersionResource): boolean {
  return a.group === b.group && a.version === b.version && a.resource === b.resource;
}

/** core/v1 namespaces, compared as a full GVR (rules.go scope()). */
export const namespacesGVR: GroupVersionResource = { group: "", version: "v1", resource: "namespaces" };

/**
 * k8s.io/apiserver pkg/registry/rest/create.go AdmissionToValidateObjectFunc: validating
 * admission of a generateName CREATE sees the generated name ("in case the generated name is
 * populated"); mutating admission saw "". The name is random: it stands here as the prefix and a
 * "/", which no resourceNames entry can hold, so it equals none of them.
 */
export function asValidatingAdmissionSeesIt(attr: Attributes): Attributes {
  if (attr.operation !== "CREATE" || attr.name !== "" || attr.subResource !== "") return attr;
  const metadata = attr.object?.metadata as { generateName?: unknown; name?: unknown } | undefined;
  const prefix = typeof metadata?.generateName === "string" ? metadata.generateName : undefined;
  if (prefix === undefined || (typeof metadata?.name === "string" && metadata.name !== "")) return attr;
  const name = `${prefix}/generated`;
  if (!sameGVR(attr.resource, namespacesGVR)) return { ...attr, name };
  // The namespace strategy's Canonicalize (run by rest.BeforeCreate before validating admission)
  // labels the named namespace with its name.
  const labels = {
    ...((metadata as { labels?: Record<string, string> }).labels ?? {}),
    "kubernetes.io/metadata.name": name,
  };
  return { ...attr, name, object: { ...attr.object, metadata: { ...metadata, labels } } };
}
