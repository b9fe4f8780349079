import type fc from "fast-check";
import type { AdmissionRequest, GroupVersionKind, KubeObject, Operation } from "../oracles/contract/kube.ts";
import { drawn, optional, pick, recordDrawn, twoWay, weighted } from "./draw.ts";
import { withLabel } from "./labelObject.ts";
import type { LabelsConstraints } from "./labels.ts";
import { drawLabels } from "./labels.ts";
import { drawUnitRoll } from "./unitDouble.ts";
import type { ResourceType, Subresource } from "./vocabulary.ts";
import { missingNamespace, namespaceNames, objectNames, resourceTypes } from "./vocabulary.ts";

/**
 * A coherent admission.k8s.io/v1 AdmissionRequest, as the admission chain sees it:
 *
 * > object is the object from the incoming request. oldObject is the existing object. Only
 * > populated for DELETE and UPDATE requests. name is the name of the object as presented in the
 * > request. On a CREATE operation, the client may omit name and rely on the server to generate
 * > the name. If that is the case, this field will contain an empty string.
 * (k8s.io/api admission/v1 types.go AdmissionRequest)
 *
 * Also: DELETE carries no object; CONNECT carries an options object without metadata; a
 * Namespace request carries its own name as namespace (requestinfo.go); deletecollection items
 * are admitted with name "" (registry/rest/delete.go); UPDATE may change the labels.
 */
export interface AdmissionRequestConstraints {
  readonly resources?: readonly ResourceType[];
  readonly namespaces?: readonly string[];
  /** The object names to draw from (default the small shared vocabulary). */
  readonly names?: readonly string[];
  /** How often a namespaced request names a namespace that does not exist (default 0.1). */
  readonly missingNamespaceRate?: number;
  readonly labels?: LabelsConstraints;
  /** The operations to draw (default all four). */
  readonly operations?: readonly Operation[];
  /** The subresources to draw besides main resources (default "all"; [] for main resources only). */
  readonly subresources?: "all" | readonly string[];
}

export function admissionRequest(constraints: AdmissionRequestConstraints = {}): fc.Arbitrary<AdmissionRequest> {
  drawableWeights(constraints);
  return drawn((rng, bias) => drawAdmissionRequest(rng, bias, constraints));
}

interface Drawable {
  readonly types: readonly ResourceType[];
  readonly weights: readonly number[];
}

/** A list's drawable types for one set of operations and subresources. */
interface DrawableEntry {
  readonly operations: AdmissionRequestConstraints["operations"];
  readonly subresources: AdmissionRequestConstraints["subresources"];
  readonly drawable: Drawable;
}

// The types are worked out once per list of resources (a corner's, or a realm's, realm.ts keeps
// one array per list) and claim of operations and subresources (one per run): a realistic
// scenario's constraints are new each time, their lists of types are not.
const drawables = new WeakMap<readonly ResourceType[], DrawableEntry[]>();
const claimsPerList = 8;

function drawableWeights(constraints: AdmissionRequestConstraints): Drawable {
  const d = drawableOf(constraints);
  if (d.types.length === 0) throw new Error("admissionRequest(): no resource has an operation asked for");
  return d;
}

/** Whether any resource type is left to draw, worked out as the request's draw will need it. */
export function anyDrawable(constraints: AdmissionRequestConstraints): boolean {
  return drawableOf(constraints).types.length > 0;
}

function drawableOf(constraints: AdmissionRequestConstraints): Drawable {
  const list = constraints.resources ?? resourceTypes;
  const { operations, subresources } = constraints;
  let entries = drawables.get(list);
  if (entries === undefined) {
    entries = [];
    drawables.set(list, entries);
  }
  for (const e of entries) if (e.operations === operations && e.subresources === subresources) return e.drawable;
  const types = drawableTypes(constraints);
  // The exempt resources decide the same way for every subject: draw them less often.
  const drawable = { types, weights: types.map((t) => (isExemptType(t) ? 1 : 4)) };
  if (entries.length >= claimsPerList) entries.shift();
  entries.push({ operations, subresources, drawable });
  return drawable;
}

/** admissionRequest(constraints), drawn at once: a type (a oneof by weight), then its request. */
export function drawAdmissionRequest(
  rng: fc.Random,
  bias: number | undefined,
  constraints: AdmissionRequestConstraints,
): AdmissionRequest {
  const { types, weights } = drawableWeights(constraints);
  return requestFor(rng, bias, types[weighted(rng, weights)] as ResourceType, constraints);
}

/** The resource types left with something to draw once narrowed to the operations and subresources. */
function drawableTypes(constraints: AdmissionRequestConstraints): readonly ResourceType[] {
  return (constraints.resources ?? resourceTypes).map((t) => narrowed(t, constraints)).filter(drawable);
}

// A type narrowed to the same operations and subresources (the claimed ones, one list per run) is
// narrowed once: a realistic scenario's resources are drawn anew every time (realm.ts).
const narrowings = new WeakMap<object, WeakMap<object, WeakMap<ResourceType, ResourceType>>>();
const everyOperation = {};
const everySubresource = {};

/** The type with only the operations and subresources asked for. */
function narrowed(t: ResourceType, c: AdmissionRequestConstraints): ResourceType {
  const ops = c.operations;
  if (ops === undefined && (c.subresources ?? "all") === "all") return t;
  const subs = c.subresources === undefined || c.subresources === "all" ? everySubresource : c.subresources;
  let bySubs = narrowings.get(ops ?? everyOperation);
  if (bySubs === undefined) {
    bySubs = new WeakMap();
    narrowings.set(ops ?? everyOperation, bySubs);
  }
  let byType = bySubs.get(subs);
  if (byType === undefined) {
    byType = new WeakMap();
    bySubs.set(subs, byType);
  }
  let n = byType.get(t);
  if (n === undefined) {
    n = narrowedAnew(t, c);
    byType.set(t, n);
  }
  return n;
}

function narrowedAnew(t: ResourceType, c: AdmissionRequestConstraints): ResourceType {
  const ops = c.operations;
  const keep = <O extends Operation>(list: readonly O[]) => (ops ? list.filter((o) => ops.includes(o)) : list);
  const claimed = (s: Subresource) =>
    c.subresources === undefined || c.subresources === "all" || c.subresources.includes(s.name);
  return {
    ...t,
    operations: keep(t.operations),
    subresources: t.subresources
      .filter(claimed)
      .map((s) => ({ ...s, operations: keep(s.operations) }))
      .filter((s) => s.operations.length > 0),
  };
}

function drawable(t: ResourceType): boolean {
  return t.operations.length > 0 || t.subresources.length > 0;
}

function isExemptType(t: ResourceType): boolean {
  return (
    t.group === "admissionregistration.k8s.io" ||
    t.group.startsWith("authentication.") ||
    t.group.startsWith("authorization.")
  );
}

function requestFor(
  rng: fc.Random,
  bias: number | undefined,
  type: ResourceType,
  c: AdmissionRequestConstraints,
): AdmissionRequest {
  const isNamespaceType = type.group === "" && type.resource === "namespaces";
  const version = pick(rng, type.versions);
  const sub = subresourceOf(rng, type);
  const ns = drawNamespace(rng, c);
  const name = isNamespaceType ? drawNamespace(rng, c) : pick(rng, c.names ?? objectNames);
  const anonymous = drawUnitRoll(rng, bias);
  const labels = drawLabels(rng, bias, c.labels ?? {});
  const oldLabels = optional(rng, 2) ? drawLabels(rng, bias, c.labels ?? {}) : undefined;
  recordDrawn(rng); // the fields above were drawn as one record
  const operation = pick(rng, sub ? sub.operations : type.operations);
  return build(type, { version, sub, namespace: ns, name, anonymous, labels, oldLabels, operation });
}

/** A namespace of the constraints', or now and then (a oneof) one that does not exist. */
function drawNamespace(rng: fc.Random, c: AdmissionRequestConstraints): string {
  const missing = c.missingNamespaceRate ?? 0.1;
  return missing > 0 && twoWay(rng, Math.round((1 - missing) * 100), Math.round(missing * 100)) === 1
    ? missingNamespace
    : pick(rng, c.namespaces ?? namespaceNames);
}

const mainOrSub = [3, 1];
const mainOnly = [3];
const subOnly = [1];
const neither: number[] = [];

/** The main resource (3 in 4 when it has operations) or one of its subresources. */
function subresourceOf(rng: fc.Random, type: ResourceType): Subresource | null {
  const main = type.operations.length > 0;
  const subs = type.subresources.length > 0;
  const which = weighted(rng, main ? (subs ? mainOrSub : mainOnly) : subs ? subOnly : neither);
  return main && which === 0 ? null : pick(rng, type.subresources);
}

interface Draw {
  readonly version: string;
  readonly sub: Subresource | null;
  readonly namespace: string;
  readonly name: string;
  readonly anonymous: number;
  readonly labels: Record<string, string>;
  readonly oldLabels: Record<string, string> | undefined;
  readonly operation: Operation;
}

function build(type: ResourceType, d: Draw): AdmissionRequest {
  const isNamespaceType = type.group === "" && type.resource === "namespaces";
  // generateName creates and deletecollection items are admitted without a name.
  const unnamed = d.sub === null && (d.operation === "CREATE" || d.operation === "DELETE") && d.anonymous < 0.15;
  const name = unnamed ? "" : d.name;
  const namespace = isNamespaceType ? name : type.namespaced ? d.namespace : "";
  const kind = requestKind(type, d);
  const operation = d.operation;
  // Each object is built only where the operation carries it (a DELETE no object, a CREATE or
  // CONNECT no old object).
  const obj = operation === "DELETE" ? null : objectFor(type, d, kind, name, namespace, d.labels);
  // A deletecollection item is admitted with name "", but its old object is the stored one.
  const storedName = unnamed ? d.name : name;
  const old =
    (operation === "UPDATE" || operation === "DELETE") && !d.sub?.optionsKind
      ? objectFor(type, d, kind, storedName, namespace, d.oldLabels ?? d.labels)
      : null;
  const resource = { group: type.group, version: d.version, resource: type.resource };
  return d.sub
    ? { operation, resource, subResource: d.sub.name, kind, namespace, name, object: obj, oldObject: old }
    : { operation, resource, kind, namespace, name, object: obj, oldObject: old };
}

function requestKind(type: ResourceType, d: Draw): GroupVersionKind {
  if (d.sub === null) return { group: type.group, version: d.version, kind: type.kind };
  // status and finalize carry the parent's kind at the request's version.
  if (d.sub.kind.group === type.group && d.sub.kind.kind === type.kind) return { ...d.sub.kind, version: d.version };
  return d.sub.kind;
}

function objectFor(
  type: ResourceType,
  d: Draw,
  kind: GroupVersionKind,
  name: string,
  namespace: string,
  objectLabels: Record<string, string>,
): KubeObject {
  const apiVersion = kind.group === "" ? kind.version : `${kind.group}/${kind.version}`;
  if (d.sub?.optionsKind) return { apiVersion, kind: d.sub.optionsKind };
  const isNamespaceType = type.group === "" && type.resource === "namespaces";
  // SetDefaults_Namespace adds kubernetes.io/metadata.name when the name is known.
  const withName =
    isNamespaceType && name !== "" ? withLabel(objectLabels, "kubernetes.io/metadata.name", name) : objectLabels;
  // The metadata's keys in this order: generateName or name, namespace, labels (when any); built
  // key by key rather than spread from a conditional object per key.
  const metadata: { generateName?: string; name?: string; namespace?: string; labels?: Record<string, string> } =
    name === "" ? { generateName: "gen-" } : { name };
  if (type.namespaced) metadata.namespace = namespace;
  for (const _ in withName) {
    metadata.labels = withName;
    break;
  }
  return { apiVersion, kind: kind.kind, metadata };
}
