import fc from "fast-check";
import type { AdmissionRequest, GroupVersionResource, RuleWithOperations } from "../oracles/contract/kube.ts";
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
  const ops = constraints.operations ?? allOperations;
  const scope = fc.constantFrom("*", "Namespaced", "Cluster");
  const t = constraints.target;
  const v = constraints.vocabulary;
  const rate = constraints.targetRate ?? 0.9;
  const near = <T>(towards: fc.Arbitrary<T> | undefined, anywhere: fc.Arbitrary<T>) =>
    towards === undefined ? anywhere : biased(towards, anywhere, rate);
  const opsAnywhere = fc.oneof(
    fc.constant<string[]>(["*"]),
    fc.uniqueArray(fc.constantFrom(...ops), { minLength: 1, maxLength: 2 }),
  );
  const towardsOps =
    t && (ops as readonly string[]).includes(t.operation) ? fc.constantFrom<string[]>([t.operation], ["*"]) : undefined;
  const twins = (constraints.equivalents ?? []).filter(
    (e) => t !== undefined && (e.group !== t.resource.group || e.version !== t.resource.version),
  );
  const towardsGroupVersion: fc.Arbitrary<readonly [string[], string[]]> | undefined =
    t &&
    fc.oneof(
      {
        arbitrary: fc.tuple(
          fc.constantFrom<string[]>([t.resource.group], ["*"]),
          fc.constantFrom<string[]>([t.resource.version], ["*"]),
        ),
        weight: 100,
      },
      ...(twins.length > 0
        ? [
            {
              arbitrary: fc.constantFrom(...twins).map((e): readonly [string[], string[]] => [[e.group], [e.version]]),
              weight: Math.round((constraints.twinShare ?? 1 / 3) * 100),
            },
          ]
        : []),
    );
  return fc
    .record({
      operations: near(towardsOps, opsAnywhere),
      groupVersion: near(
        towardsGroupVersion,
        v ? fc.tuple(wildcardOr(v.groups), wildcardOr(v.versions)) : anyGroupVersion(),
      ),
      resources: near(t && resourcesCovering(t, v?.resources), v ? resourceList(v.resources) : anyResources()),
      scope: near(
        t && fc.option(fc.constantFrom("*", fittingScope(t)), { nil: undefined }),
        fc.option(scope, { nil: undefined }),
      ),
    })
    .map(({ groupVersion: [apiGroups, apiVersions], ...rest }) => ({
      ...rest,
      apiGroups: [...apiGroups],
      apiVersions: [...apiVersions],
    }))
    .map(({ scope: s, ...rule }) => (s === undefined ? rule : { ...rule, scope: s }));
}

let groupVersionAnywhere: fc.Arbitrary<readonly [string[], string[]]> | undefined;
let resourcesAnywhere: fc.Arbitrary<string[]> | undefined;
const anyGroupVersion = () => (groupVersionAnywhere ??= fc.tuple(wildcardOr(ruleGroups), wildcardOr(ruleVersions)));
const anyResources = () => (resourcesAnywhere ??= resourceList(ruleResources));

function wildcardOr(tokens: readonly string[]): fc.Arbitrary<string[]> {
  return fc.oneof(
    fc.constant<string[]>(["*"]),
    fc.uniqueArray(fc.constantFrom(...tokens), { minLength: 1, maxLength: 2 }),
  );
}

function resourceList(tokens: readonly string[]): fc.Arbitrary<string[]> {
  return fc.oneof(
    { arbitrary: fc.constant<string[]>(["*/*"]), weight: 1 },
    {
      arbitrary: fc.uniqueArray(fc.constantFrom(...tokens), { minLength: 1, maxLength: 3 }).map(validOrder),
      weight: 8,
    },
  );
}

/** An order of the entries that validateResources accepts. */
export function validOrder(resources: readonly string[]): string[] {
  const rank = (r: string) => {
    if (r === "*") return 3;
    const [res, sub] = r.split("/", 2);
    if (sub === "*" || res === "*") return 2;
    return r.includes("/") ? 0 : 1;
  };
  return [...resources].sort((a, b) => rank(a) - rank(b));
}

/** rules.go scope(): the namespaces GVR and namespace-less requests are Cluster, others Namespaced. */
function fittingScope(t: AdmissionRequest): string {
  const isNamespace = t.resource.group === "" && t.resource.version === "v1" && t.resource.resource === "namespaces";
  return isNamespace || (t.namespace ?? "") === "" ? "Cluster" : "Namespaced";
}

function biased<T>(towards: fc.Arbitrary<T>, anywhere: fc.Arbitrary<T>, rate: number): fc.Arbitrary<T> {
  const weight = Math.round(rate * 100);
  return fc.oneof({ arbitrary: towards, weight }, { arbitrary: anywhere, weight: 100 - weight });
}

/** Resource entries that match the request's resource and subresource (rules.go resource()). */
function resourcesCovering(t: AdmissionRequest, tokens: readonly string[] = ruleResources): fc.Arbitrary<string[]> {
  const res = t.resource.resource;
  const sub = t.subResource ?? "";
  const entries = sub === "" ? [res, `${res}/*`, "*", `${res}/`] : [`${res}/${sub}`, `${res}/*`, `*/${sub}`];
  const extra = fc.constantFrom(...tokens);
  return fc
    .tuple(fc.constantFrom(...entries, "*/*"), fc.option(extra, { nil: undefined }))
    .map(([entry, other]) =>
      entry === "*/*" || other === undefined || other === entry ? [entry] : validOrder([entry, other]),
    );
}
