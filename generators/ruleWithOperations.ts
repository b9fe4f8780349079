import type fc from "fast-check";
import type { AdmissionRequest, GroupVersionResource, RuleWithOperations } from "../oracles/contract/kube.ts";
import { drawn, optional, pick, pickIn, recordDrawn, uniqueArrayOf, weighted } from "./draw.ts";
import { ruleGroups, ruleResources, ruleVersions } from "./vocabulary.ts";

/**
 * A valid admissionregistration/v1 RuleWithOperations:
 *
 * > operations is the operations the admission hook cares about - CREATE, UPDATE, DELETE, CONNECT
 * > or * for all of those operations and any future admission operations that are added.
 * > If '*' is present, the length of the slice must be one.
 * > resources is a list of resources this rule applies to. 'pods' means pods. 'pods/log' means
 * > the log subresource of pods. '*' means all resources, but not subresources. 'pods/*' means
 * > all subresources of pods. '*\/scale' means all scale subresources. '*\/*' means all resources
 * > and their subresources. If wildcard is present, the validation rule will ensure resources do
 * > not overlap with each other.
 * > scope specifies the scope of this rule. Valid values are "Cluster", "Namespaced", and "*".
 * (k8s.io/api admissionregistration/v1 types.go RuleWithOperations, Rule)
 *
 * Resources are ordered so that the order-dependent wildcard checks of validateResources pass:
 * "x/y" before "x/*" and "*\/y", "*" after every plain resource (["pods", "*"] is accepted).
 */
export interface RuleWithOperationsConstraints {
  /**
   * A request the rule is drawn towards: each field names the request's own token (or a wildcard
   * that covers it) with probability `targetRate`, so that about half the rules match it.
   */
  readonly target?: AdmissionRequest;
  /** Default 0.9. */
  readonly targetRate?: number;
  /**
   * The request's equivalent resources (other groups or versions of it): a share of the
   * targeted rules name one of them instead, so that Equivalent matching is reached.
   */
  readonly equivalents?: readonly GroupVersionResource[];
  /** How often a twin is named, relative to the request's own group and version (default 1/3). */
  readonly twinShare?: number;
  /**
   * The groups, versions and resource entries rules not drawn towards the request name (default
   * the small shared vocabulary): a realistic scenario's focus set, so that near misses stay near.
   */
  readonly vocabulary?: RuleVocabulary;
  /** The operations to draw from (default: all four). */
  readonly operations?: readonly ("CREATE" | "UPDATE" | "DELETE" | "CONNECT")[];
}

export interface RuleVocabulary {
  readonly groups: readonly string[];
  readonly versions: readonly string[];
  readonly resources: readonly string[];
}

const allOperations = ["CREATE", "UPDATE", "DELETE", "CONNECT"] as const;

export function ruleWithOperations(constraints: RuleWithOperationsConstraints = {}): fc.Arbitrary<RuleWithOperations> {
  return drawn((rng, bias) => drawRuleWithOperations(rng, bias, constraints));
}

type Tokens = readonly string[];
const scopes = ["*", "Namespaced", "Cluster"];

/**
 * ruleWithOperations(constraints), drawn at once: each field near the target (at `targetRate`, which
 * a caller may give apart from the constraints) or anywhere, then the record's prototype draw.
 */
export function drawRuleWithOperations(
  rng: fc.Random,
  bias: number | undefined,
  constraints: RuleWithOperationsConstraints,
  targetRate = constraints.targetRate ?? 0.9,
): RuleWithOperations {
  const ops: Tokens = constraints.operations ?? allOperations;
  const t = constraints.target;
  const v = constraints.vocabulary;
  const weight = Math.round(targetRate * 100);
  // Each field is a oneof (weighted) of the field drawn towards the target and the field drawn
  // anywhere: towards it when the roll falls in the target's weight. Written out, without a
  // closure or an array of weights per field (a rule is drawn several times a scenario).
  const operations =
    t !== undefined && ops.includes(t.operation) && towards(rng, t, weight)
      ? rng.nextInt(0, 1) === 0
        ? [t.operation]
        : ["*"]
      : wildcardOr(rng, bias, ops);
  let apiGroups: string[];
  let apiVersions: string[];
  if (towards(rng, t, weight)) [apiGroups, apiVersions] = towardsGroupVersion(rng, t as AdmissionRequest, constraints);
  else {
    apiGroups = wildcardOr(rng, bias, v?.groups ?? ruleGroups);
    apiVersions = wildcardOr(rng, bias, v?.versions ?? ruleVersions);
  }
  const resources = towards(rng, t, weight)
    ? resourcesCovering(rng, t as AdmissionRequest, v?.resources)
    : resourceList(rng, bias, v?.resources ?? ruleResources);
  const scope = towards(rng, t, weight)
    ? optional(rng)
      ? rng.nextInt(0, 1) === 0
        ? "*"
        : fittingScope(t as AdmissionRequest)
      : undefined
    : optional(rng)
      ? pick(rng, scopes)
      : undefined;
  recordDrawn(rng);
  return scope === undefined
    ? { operations, resources, apiGroups, apiVersions }
    : { operations, resources, apiGroups, apiVersions, scope };
}

/** Whether a field is drawn towards the target: its roll falls in the target's weight. */
function towards(rng: fc.Random, t: AdmissionRequest | undefined, weight: number): boolean {
  return t !== undefined && rng.nextInt(0, 99) < weight;
}

/** The request's own group and version or a wildcard, or now and then one of its twins. */
function towardsGroupVersion(
  rng: fc.Random,
  t: AdmissionRequest,
  constraints: RuleWithOperationsConstraints,
): readonly [string[], string[]] {
  // The twins are counted, and only the one drawn is looked up (most requests have none).
  const equivalents = constraints.equivalents ?? noEquivalents;
  let twins = 0;
  for (const e of equivalents) if (isTwin(e, t)) twins++;
  const twinWeight = Math.round((constraints.twinShare ?? 1 / 3) * 100);
  if (twins === 0 ? rng.nextInt(0, 99) >= 0 : rng.nextInt(0, 99 + twinWeight) < 100)
    return [
      rng.nextInt(0, 1) === 0 ? [t.resource.group] : ["*"],
      rng.nextInt(0, 1) === 0 ? [t.resource.version] : ["*"],
    ];
  // pick() of the twins: the index, then the twin at it.
  let at = twins === 1 ? 0 : rng.nextInt(0, twins - 1);
  for (const e of equivalents) if (isTwin(e, t) && at-- === 0) return [[e.group], [e.version]];
  throw new Error("towardsGroupVersion(): no twin at the index drawn");
}

const noEquivalents: readonly GroupVersionResource[] = [];

/** Another group or version of the request's resource. */
const isTwin = (e: GroupVersionResource, t: AdmissionRequest) =>
  e.group !== t.resource.group || e.version !== t.resource.version;

const oneOrTwo = { minLength: 1, maxLength: 2 };
const oneToThree = { minLength: 1, maxLength: 3 };
const evenOdds = [1, 1];
const oneInNine = [1, 8];

function wildcardOr(rng: fc.Random, bias: number | undefined, tokens: Tokens): string[] {
  return weighted(rng, evenOdds) === 0 ? ["*"] : uniqueArrayOf(rng, bias, oneOrTwo, pickIn<string>, undefined, tokens);
}

function resourceList(rng: fc.Random, bias: number | undefined, tokens: Tokens): string[] {
  return weighted(rng, oneInNine) === 0
    ? ["*/*"]
    : validOrder(uniqueArrayOf(rng, bias, oneToThree, pickIn<string>, undefined, tokens));
}

/**
 * An order of the entries that validateResources accepts: by rank, equal ranks as they came (the
 * stable sort this was). An insertion sort: the lists hold at most three entries, for which
 * Array.prototype.sort's setup cost more than the sorting.
 */
export function validOrder(resources: readonly string[]): string[] {
  const out = [...resources];
  for (let i = 1; i < out.length; i++) {
    const r = out[i] as string;
    const k = rank(r);
    let j = i - 1;
    for (; j >= 0 && rank(out[j] as string) > k; j--) out[j + 1] = out[j] as string;
    out[j + 1] = r;
  }
  return out;
}

/**
 * "x/y" 0, a plain resource 1, a wildcard resource or subresource ("x/*", "*\/y") 2, "*" 3: the
 * first two segments read in place (a split for each comparison cost more than the sort).
 */
function rank(r: string): number {
  if (r === "*") return 3;
  const slash = r.indexOf("/");
  if (slash < 0) return 1;
  if (slash === 1 && r[0] === "*") return 2;
  const next = r.indexOf("/", slash + 1);
  const subEnd = next < 0 ? r.length : next;
  return subEnd === slash + 2 && r[slash + 1] === "*" ? 2 : 0;
}

/** rules.go scope(): the namespaces GVR and namespace-less requests are Cluster, others Namespaced. */
function fittingScope(t: AdmissionRequest): string {
  const isNamespace = t.resource.group === "" && t.resource.version === "v1" && t.resource.resource === "namespaces";
  return isNamespace || (t.namespace ?? "") === "" ? "Cluster" : "Namespaced";
}

/** Resource entries that match the request's resource and subresource (rules.go resource()). */
function resourcesCovering(rng: fc.Random, t: AdmissionRequest, tokens: Tokens = ruleResources): string[] {
  const res = t.resource.resource;
  const sub = t.subResource ?? "";
  // pick() of these entries and "*/*", only the one drawn written out.
  const entry = sub === "" ? coveringMain(rng.nextInt(0, 4), res) : coveringSub(rng.nextInt(0, 3), res, sub);
  const other = optional(rng) ? pick(rng, tokens) : undefined;
  return entry === "*/*" || other === undefined || other === entry ? [entry] : validOrder([entry, other]);
}

/** Of [res, "res/*", "*", "res/", "*\/*"], the i-th. */
function coveringMain(i: number, res: string): string {
  return i === 0 ? res : i === 1 ? `${res}/*` : i === 2 ? "*" : i === 3 ? `${res}/` : "*/*";
}

/** Of ["res/sub", "res/*", "*\/sub", "*\/*"], the i-th. */
function coveringSub(i: number, res: string, sub: string): string {
  return i === 0 ? `${res}/${sub}` : i === 1 ? `${res}/*` : i === 2 ? `*/${sub}` : "*/*";
}
