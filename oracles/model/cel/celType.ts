// The static types the model's CEL check tracks: enough of cel-go's checker to tell a boolean
// condition from one upstream rejects, and to give up (outside the model) where it cannot tell.
export type CelStaticType =
  | { readonly k: "bool" | "int" | "uint" | "double" | "string" | "bytes" | "null_type" | "dyn" }
  /** cel-go's error type, of a node with an issue: it fits every overload. */
  | { readonly k: "error" }
  /** inferred: a literal's or a macro's type, which the model infers less finely than cel-go. */
  | { readonly k: "list"; readonly elem: CelStaticType; readonly inferred?: boolean }
  | { readonly k: "map"; readonly key: CelStaticType; readonly value: CelStaticType; readonly inferred?: boolean }
  | { readonly k: "object"; readonly name: string; readonly fields: Readonly<Record<string, CelStaticType>> }
  /** The model cannot tell what cel-go's checker makes of it. */
  | { readonly k: "unknown" };

export const t = {
  bool: { k: "bool" },
  int: { k: "int" },
  uint: { k: "uint" },
  double: { k: "double" },
  string: { k: "string" },
  bytes: { k: "bytes" },
  null: { k: "null_type" },
  dyn: { k: "dyn" },
  error: { k: "error" },
  unknown: { k: "unknown" },
} as const satisfies Record<string, CelStaticType>;

const list = (elem: CelStaticType, inferred = false): CelStaticType =>
  inferred ? { k: "list", elem, inferred } : { k: "list", elem };
const map = (key: CelStaticType, value: CelStaticType): CelStaticType => ({ k: "map", key, value });
const object = (name: string, fields: Record<string, CelStaticType>): CelStaticType => ({ k: "object", name, fields });

const gvk = object("kubernetes.GroupVersionKind", { group: t.string, version: t.string, kind: t.string });
const gvr = object("kubernetes.GroupVersionResource", { group: t.string, version: t.string, resource: t.string });

/** k8s.io/apiserver pkg/admission/plugin/cel/compile.go BuildRequestType (no uid, object, oldObject). */
export const requestType = object("kubernetes.AdmissionRequest", {
  kind: gvk,
  resource: gvr,
  subResource: t.string,
  requestKind: gvk,
  requestResource: gvr,
  requestSubResource: t.string,
  name: t.string,
  namespace: t.string,
  operation: t.string,
  userInfo: object("kubernetes.UserInfo", {
    username: t.string,
    uid: t.string,
    groups: list(t.string),
    extra: map(t.string, list(t.string)),
  }),
  dryRun: t.bool,
  // The operation's options object (CreateOptions, …): the model does not build it.
  options: t.unknown,
});

/**
 * compile.go BuildNamespaceType. In matchConditions namespaceObject is always null (matcher.go
 * passes no namespace), so reading any field errs at run time; the types matter for compiling.
 */
export const namespaceType = object("kubernetes.Namespace", {
  metadata: object("kubernetes.NamespaceMetadata", {
    name: t.string,
    generateName: t.string,
    namespace: t.string,
    labels: map(t.string, t.string),
    annotations: map(t.string, t.string),
    UID: t.string,
    // timestamps: the model does not type them
    creationTimestamp: t.unknown,
    deletionGracePeriodSeconds: t.int,
    deletionTimestamp: t.unknown,
    generation: t.int,
    resourceVersion: t.string,
    finalizers: list(t.string),
  }),
  spec: object("kubernetes.NamespaceSpec", { finalizers: list(t.string) }),
  status: object("kubernetes.NamespaceStatus", { conditions: t.unknown, phase: t.string }),
});

export const listOf = list;

/** cel-go's Type.String() for the types whose name the model is sure of. */
export function typeName(type: CelStaticType): string | undefined {
  return type.k === "list" || type.k === "map" || type.k === "object" || type.k === "unknown" ? undefined : type.k;
}

export const isConcrete = (type: CelStaticType) => type.k !== "dyn" && type.k !== "unknown" && type.k !== "error";

/** cel-go checker/format.go FormatCELType, for the types the model is sure cel-go gives. */
export function celTypeName(type: CelStaticType): string | undefined {
  switch (type.k) {
    case "unknown":
      return undefined;
    case "error":
      return "!error!";
    case "null_type":
      return "null";
    case "object":
      return type.name;
    case "list": {
      const elem = type.inferred ? undefined : celTypeName(type.elem);
      return elem === undefined ? undefined : `list(${elem})`;
    }
    case "map": {
      const key = celTypeName(type.key);
      const value = celTypeName(type.value);
      return type.inferred || key === undefined || value === undefined ? undefined : `map(${key}, ${value})`;
    }
    default:
      return type.k;
  }
}
