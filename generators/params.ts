import fc from "fast-check";
import type { Cluster, CustomKind, ParamObject } from "../oracles/contract/cluster.ts";
import type { MatchCondition, ParamKind, ParamRef } from "../oracles/contract/kube.ts";
import type { Subject } from "../oracles/contract/subject.ts";
import { paramsCondition } from "./celGrammar.ts";

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
  if (!("policy" in subject)) return fc.constant({ subject, cluster });
  const namespaces = Object.keys(cluster.namespaces ?? {});
  const own = constraints.requestNamespace ?? "";
  const homes = namespaces.includes(own) ? [own, own, own, ...namespaces] : namespaces;
  const kind = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...customKinds) },
    { weight: 2, arbitrary: fc.constant(configMap) },
    { weight: 1, arbitrary: fc.constant(unserved) },
  );
  const drawn = kind.chain((k) =>
    fc
      .record({
        objects: objects(k, homes),
        ref: fc.option(paramRef(namespaces), { nil: undefined, freq: 5 }),
        condition: constraints.conditions ? fc.option(paramsCondition, { nil: undefined }) : fc.constant(undefined),
      })
      .map(({ objects: found, ref, condition }) => {
        const paramKind: ParamKind = { apiVersion: k.apiVersion, kind: k.kind };
        const conditions: MatchCondition[] = [
          ...(subject.policy.matchConditions ?? []),
          ...(condition === undefined ? [] : [{ name: "params-check", expression: condition }]),
        ];
        const policy = { ...subject.policy, paramKind, ...(conditions.length > 0 && { matchConditions: conditions }) };
        const binding =
          subject.binding && (ref === undefined ? subject.binding : { ...subject.binding, paramRef: ref });
        return {
          subject: { ...subject, policy, ...(binding && { binding }) },
          cluster: { ...cluster, customKinds, params: found },
        };
      }),
  );
  const invalidWeight = Math.round((constraints.invalidRate ?? 0) * 100);
  if (invalidWeight <= 0) return drawn;
  return fc.oneof(
    { arbitrary: drawn, weight: 100 - invalidWeight },
    {
      arbitrary: drawn.chain((d) => fc.constantFrom(...paramDefects).map((defect) => defect(d))),
      weight: invalidWeight,
    },
  );
}

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

function objects(k: { apiVersion: string; kind: string; scope: string | undefined }, namespaces: readonly string[]) {
  if (k.scope === undefined || (k.scope === "Namespaced" && namespaces.length === 0)) return fc.constant([]);
  const namespace = k.scope === "Namespaced" ? fc.constantFrom(...namespaces) : fc.constant(undefined);
  const one = fc
    .record({
      name: fc.constantFrom(...names),
      namespace,
      tier: fc.option(fc.constantFrom(...tiers), { nil: undefined }),
      max: fc.integer({ min: 1, max: 4 }),
    })
    .map(({ name, namespace: ns, tier, max }): ParamObject => {
      const metadata = { name, ...(ns !== undefined && { namespace: ns }), ...(tier && { labels: { tier } }) };
      const fields = k.kind === "ConfigMap" ? { data: { max: String(max) } } : { spec: { max } };
      return { apiVersion: k.apiVersion, kind: k.kind, metadata, ...fields };
    });
  return fc.uniqueArray(one, { maxLength: 4, selector: (p) => `${p.metadata.namespace ?? ""}/${p.metadata.name}` });
}

function paramRef(namespaces: readonly string[]): fc.Arbitrary<ParamRef> {
  const by = fc.oneof(
    fc.constantFrom(...names, "missing").map((name) => ({ name })),
    fc.constantFrom(...tiers).map((tier) => ({ selector: { matchLabels: { tier } } })),
    fc.constant({ selector: {} }),
  );
  const namespace =
    namespaces.length === 0
      ? fc.constant(undefined)
      : fc.option(fc.constantFrom(...namespaces), { nil: undefined, freq: 3 });
  return fc
    .record({ by, namespace, action: fc.constantFrom("Allow", "Deny") })
    .map(({ by: ref, namespace: ns, action }) => ({
      ...ref,
      ...(ns !== undefined && { namespace: ns }),
      parameterNotFoundAction: action,
    }));
}
