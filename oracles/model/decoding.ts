// How the API server decodes a manifest's nulls into the admissionregistration Go types
// (k8s.io/apimachinery pkg/runtime/serializer/json -> sigs.k8s.io/json, encoding/json's rules):
// null leaves a pointer, slice or map field nil, as if omitted; a null string field, list item or
// map value is ""; a null struct in a list is the zero struct {}.
import type { Subject } from "../contract/subject.ts";
import { holdsDecodedNull } from "./heldNulls.ts";

type Shape = "string" | "pointer" | { readonly list: Shape } | { readonly map: Shape } | Fields;
interface Fields {
  readonly fields: Readonly<Record<string, Shape>>;
}

const strings = { list: "string" } as const;
const labelSelector: Fields = {
  fields: {
    matchLabels: { map: "string" },
    matchExpressions: { list: { fields: { key: "string", operator: "string", values: strings } } },
  },
};
const ruleFields: Readonly<Record<string, Shape>> = {
  operations: strings,
  apiGroups: strings,
  apiVersions: strings,
  resources: strings,
  scope: "pointer",
};
const rule: Fields = { fields: ruleFields };
const namedRule: Fields = { fields: { ...ruleFields, resourceNames: strings } };
const matchResources: Fields = {
  fields: {
    namespaceSelector: labelSelector,
    objectSelector: labelSelector,
    resourceRules: { list: namedRule },
    excludeResourceRules: { list: namedRule },
    matchPolicy: "pointer",
  },
};
const matchConditions = { list: { fields: { name: "string", expression: "string" } } } as const;
const paramKind: Fields = { fields: { apiVersion: "string", kind: "string" } };
const paramRef: Fields = {
  fields: { name: "string", namespace: "string", selector: labelSelector, parameterNotFoundAction: "pointer" },
};
const policy: Fields = {
  fields: { matchConstraints: matchResources, failurePolicy: "pointer", matchConditions, paramKind },
};
// policyName is a plain string (null -> ""). validationActions: null is a given, empty list (the
// binding's "at least one" error), not the omitted list that format v1 takes as valid.
const binding: Fields = { fields: { matchResources, policyName: "string", validationActions: strings, paramRef } };
const webhook: Fields = {
  fields: {
    rules: { list: rule },
    namespaceSelector: labelSelector,
    objectSelector: labelSelector,
    matchPolicy: "pointer",
    failurePolicy: "pointer",
    matchConditions,
  },
};

const shapes: Readonly<Record<string, Fields>> = { matchResources, policy, binding, webhook };

export function decodeNulls(subject: Subject): Subject {
  // Most subjects hold no null where decoding would change one: finding none costs a look at the
  // typed fields only (heldNulls.ts), decoding them copies every struct.
  return holdsDecodedNull(subject) ? decodeEveryNull(subject) : subject;
}

/** decodeNulls without the look first: a copy, decoded (decoding.test.ts compares the two). */
export function decodeEveryNull(subject: Subject): Subject {
  const s = subject as unknown as Record<string, unknown>;
  const decoded: Record<string, unknown> = { kind: subject.kind };
  for (const [key, value] of Object.entries(s)) {
    const shape = Object.hasOwn(shapes, key) ? shapes[key] : undefined;
    if (key !== "kind") decoded[key] = shape === undefined ? value : decodeStruct(value, shape);
  }
  return decoded as unknown as Subject;
}

function decodeStruct(value: unknown, shape: Fields): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const field = Object.hasOwn(shape.fields, key) ? shape.fields[key] : undefined;
    if (field === undefined) out[key] = v;
    else if (v === null) {
      if (field === "string") out[key] = "";
      else if (key === "validationActions") out[key] = [];
      // a pointer, slice, map or struct field: nil, as if omitted
    } else out[key] = decodeValue(v, field);
  }
  return out;
}

function decodeValue(value: unknown, shape: Shape): unknown {
  if (shape === "string" || shape === "pointer") return value;
  if ("list" in shape) return Array.isArray(value) ? value.map((v) => decodeItem(v, shape.list)) : value;
  if ("map" in shape) {
    if (typeof value !== "object" || value === null) return value;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, decodeItem(v, shape.map)]));
  }
  return decodeStruct(value, shape);
}

/** A list item or map value: null is the element type's zero value. */
function decodeItem(value: unknown, shape: Shape): unknown {
  if (value !== null) return decodeValue(value, shape);
  if (shape === "string") return "";
  return typeof shape === "object" && "fields" in shape ? {} : value;
}
