// The CEL variables of a condition, as k8s.io/apiserver pkg/admission/plugin/cel/activation.go
// newActivation builds them for matchconditions/matcher.go Match: objects as unstructured JSON
// (integers as int), and the AdmissionRequest of condition.go CreateAdmissionRequest with its
// omitempty fields absent when empty. namespaceObject is always null there.
import type { CelInput } from "@bufbuild/cel";
import type { GroupVersionKind, GroupVersionResource, UserInfo } from "../../contract/kube.ts";
import type { Attributes } from "../attributes.ts";

type CelRecord = Map<string, CelInput>;

/** JSON as unstructured decoding gives it: whole numbers are int64, others double. */
export function jsonToCel(value: unknown): CelInput {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") return Number.isInteger(value) ? BigInt(value) : value;
  if (typeof value === "string" || typeof value === "boolean") return value;
  if (Array.isArray(value)) return value.map(jsonToCel);
  return new Map(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, jsonToCel(v)]));
}

/** A Go struct converted with its omitempty fields left out when they are empty. */
function withoutEmpty(fields: Record<string, CelInput | undefined>): CelRecord {
  const out: CelRecord = new Map();
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined || v === "" || (Array.isArray(v) && v.length === 0)) continue;
    if (v instanceof Map && v.size === 0) continue;
    out.set(k, v);
  }
  return out;
}

const gvkValue = (k: GroupVersionKind): CelRecord =>
  new Map([
    ["group", k.group],
    ["version", k.version],
    ["kind", k.kind],
  ]);
const gvrValue = (r: GroupVersionResource): CelRecord =>
  new Map([
    ["group", r.group],
    ["version", r.version],
    ["resource", r.resource],
  ]);

function userValue(user: UserInfo): CelRecord {
  const extra = new Map(Object.entries(user.extra ?? {}).map(([k, v]) => [k, [...v]]));
  // authenticationv1.UserInfo: every field omitempty; the struct itself is always there.
  return withoutEmpty({ username: user.username, uid: user.uid, groups: [...(user.groups ?? [])], extra });
}

/**
 * matchconditions/matcher.go Match: CreateAdmissionRequest(attr, attr's own resource, the
 * matched kind). dryRun is false (the model's requests are not dry runs); options are left out
 * (the checker keeps conditions that read them outside the model).
 */
export function requestValue(attr: Attributes, matchedKind: GroupVersionKind, user: UserInfo): CelRecord {
  return withoutEmpty({
    kind: gvkValue(matchedKind),
    resource: gvrValue(attr.resource),
    subResource: attr.subResource,
    requestKind: gvkValue(attr.kind),
    requestResource: gvrValue(attr.resource),
    requestSubResource: attr.subResource,
    name: attr.name,
    namespace: attr.namespace,
    operation: attr.operation,
    userInfo: userValue(user) ?? new Map(),
    dryRun: false,
  });
}
