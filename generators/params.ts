import fc from "fast-check";
import type { Cluster, CustomKind, ParamObject } from "../oracles/contract/cluster.ts";
import type { MatchCondition, ParamKind, ParamRef } from "../oracles/contract/kube.ts";
import type { Subject } from "../oracles/contract/subject.ts";
import { paramsConditions } from "./celGrammar.ts";
import type { Draw } from "./draw.ts";
import { drawn, optional, pick, recordDrawn, take, twoWay, uniqueArrayOf, weighted } from "./draw.ts";

/**
 * Params for a policy (docs/case-format.md, "Params"), coherent with the cluster they are drawn
 * for: a paramKind the cluster serves (a custom kind, namespaced or cluster-scoped, or v1
 * ConfigMap) or, now and then, one nothing serves; up to four objects of that kind in the
 * cluster's namespaces; and a paramRef that finds several, one or none of them
 * (policy_dispatcher.go CollectParams):
 *
 * > case len(paramRef.Name) > 0: ... paramStore.Get(paramRef.Name)
 * > case paramRef.Selector != nil: ... paramStore.List(selector)
 */
export interface ParamsConstraints {
  /** Also draw a matchCondition that reads params (with the matchConditions capability). */
  readonly conditions?: boolean;
  /** The request's namespace, where most namespaced params are put (paramRef's default namespace). */
  readonly requestNamespace?: string;
  /** How often the paramKind or paramRef is one API validation rejects (default 0). */
  readonly invalidRate?: number;
}

export interface WithParams {
  readonly subject: Subject;
  readonly cluster: Cluster;
}

export const customKinds: readonly CustomKind[] = [
  { apiVersion: "example.com/v1", kind: "Limits", scope: "Namespaced" },
  { apiVersion: "example.com/v1", kind: "ClusterLimits", scope: "Cluster" },
];
const configMap = { apiVersion: "v1", kind: "ConfigMap", scope: "Namespaced" } as const;
const unserved = { apiVersion: "example.com/v1", kind: "Missing", scope: undefined } as const;
const names = ["a", "b", "c"] as const;
const tiers = ["gold", "silver"] as const;

export function params(
  subject: Subject,
  cluster: Cluster,
  constraints: ParamsConstraints = {},
): fc.Arbitrary<WithParams> {
  return drawn((rng, bias) => drawParams(rng, bias, subject, cluster, constraints));
}

/** params(), drawn in plain code: what its oneofs, chains and records asked, in their order. */
export function drawParams(
  rng: fc.Random,
  bias: number | undefined,
  subject: Subject,
  cluster: Cluster,
  constraints: ParamsConstraints = {},
): WithParams {
  if (!("policy" in subject)) return { subject, cluster };
  const invalidWeight = Math.round((constraints.invalidRate ?? 0) * 100);
  if (invalidWeight <= 0) return drawValid(rng, bias, subject, cluster, constraints);
  const invalid = twoWay(rng, 100 - invalidWeight, invalidWeight) === 1;
  const d = drawValid(rng, bias, subject, cluster, constraints);
  return invalid ? pick(rng, paramDefects)(d) : d;
}

const kinds = [customKinds, [configMap], [unserved]] as const;

function drawValid(
  rng: fc.Random,
  bias: number | undefined,
  s: PolicySubject,
  cluster: Cluster,
  constraints: ParamsConstraints,
): WithParams {
  const namespaces = Object.keys(cluster.namespaces ?? {});
  const own = constraints.requestNamespace ?? "";
  const homes = namespaces.includes(own) ? [own, own, own, ...namespaces] : namespaces;
  const k = pick(rng, kinds[weighted(rng, [4, 2, 1])] as readonly ParamKindChoice[]);
  const found = drawObjects(rng, bias, k, homes);
  const ref = optional(rng, 5) ? drawParamRef(rng, namespaces) : undefined;
  const condition = constraints.conditions && optional(rng) ? pick(rng, paramsConditions) : undefined;
  recordDrawn(rng);
  const paramKind: ParamKind = { apiVersion: k.apiVersion, kind: k.kind };
  const conditions: MatchCondition[] = [
    ...(s.policy.matchConditions ?? []),
    ...(condition === undefined ? [] : [{ name: "params-check", expression: condition }]),
  ];
  const policy = { ...s.policy, paramKind, ...(conditions.length > 0 && { matchConditions: conditions }) };
  const binding = s.binding && (ref === undefined ? s.binding : { ...s.binding, paramRef: ref });
  return {
    subject: { ...s, policy, ...(binding && { binding }) },
    cluster: { ...cluster, customKinds, params: found },
  };
}

type PolicySubject = Extract<Subject, { readonly policy: unknown }>;

type ParamDefect = (d: WithParams) => WithParams;

const onPolicy = (d: WithParams, paramKind: ParamKind): WithParams =>
  "policy" in d.subject ? { ...d, subject: { ...d.subject, policy: { ...d.subject.policy, paramKind } } } : d;
const onBinding = (d: WithParams, paramRef: Record<string, unknown>): WithParams =>
  "policy" in d.subject && d.subject.binding
    ? { ...d, subject: { ...d.subject, binding: { ...d.subject.binding, paramRef: paramRef as ParamRef } } }
    : d;

/**
 * validation.go validateParamKind and validateParamRef: an apiVersion with two slashes, a kind
 * that is not a DNS-1035 label once lowercased, a paramRef with both or neither of name and
 * selector, or with a parameterNotFoundAction that is neither Allow nor Deny, or none.
 */
const paramDefects: readonly ParamDefect[] = [
  (d) => onPolicy(d, { apiVersion: "example.com/v1/extra", kind: "Limits" }),
  (d) => onPolicy(d, { apiVersion: "example.com/v1", kind: "Not_A_Kind" }),
  (d) => onBinding(d, { name: "a", selector: {}, parameterNotFoundAction: "Deny" }),
  (d) => onBinding(d, { parameterNotFoundAction: "Deny" }),
  (d) => onBinding(d, { name: "a", parameterNotFoundAction: "Maybe" }),
  // Required from 1.34; a MutatingAdmissionPolicyBinding of 1.32 and 1.33 (v1alpha1) defaults it to Deny.
  (d) => onBinding(d, { name: "a" }),
];

interface ParamKindChoice {
  readonly apiVersion: string;
  readonly kind: string;
  readonly scope: string | undefined;
}

const maxes = fc.integer({ min: 1, max: 4 });

function drawObjects(
  rng: fc.Random,
  bias: number | undefined,
  k: ParamKindChoice,
  namespaces: readonly string[],
): ParamObject[] {
  if (k.scope === undefined || (k.scope === "Namespaced" && namespaces.length === 0)) return [];
  const one: Draw<ParamObject> = (r, b) => {
    const name = pick(r, names);
    const ns = k.scope === "Namespaced" ? pick(r, namespaces) : undefined;
    const tier = optional(r) ? pick(r, tiers) : undefined;
    const max = take(maxes, r, b);
    recordDrawn(r);
    const metadata = { name, ...(ns !== undefined && { namespace: ns }), ...(tier && { labels: { tier } }) };
    const fields = k.kind === "ConfigMap" ? { data: { max: String(max) } } : { spec: { max } };
    return { apiVersion: k.apiVersion, kind: k.kind, metadata, ...fields };
  };
  return uniqueArrayOf(rng, bias, { maxLength: 4 }, one, (p) => `${p.metadata.namespace ?? ""}/${p.metadata.name}`);
}

const refNames = [...names, "missing"];
const actions = ["Allow", "Deny"] as const;

function drawParamRef(rng: fc.Random, namespaces: readonly string[]): ParamRef {
  const by = weighted(rng, [1, 1, 1]);
  const ref =
    by === 0
      ? { name: pick(rng, refNames) }
      : by === 1
        ? { selector: { matchLabels: { tier: pick(rng, tiers) } } }
        : { selector: {} };
  const ns = namespaces.length > 0 && optional(rng, 3) ? pick(rng, namespaces) : undefined;
  const action = pick(rng, actions);
  recordDrawn(rng);
  return { ...ref, ...(ns !== undefined && { namespace: ns }), parameterNotFoundAction: action };
}
