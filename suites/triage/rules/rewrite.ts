// The changes the counterfactual probes make, to whichever subject the case holds: its matchPolicy
// fields, its rules, its matchConditions, the resource a request is for.
import type {
  GroupVersionKind,
  GroupVersionResource,
  KubeObject,
  LabelSelector,
  MatchCondition,
  MatchResources,
  NamedRuleWithOperations,
} from "../../../oracles/contract/kube.ts";
import type { Query } from "../../../oracles/contract/query.ts";
import type { Subject } from "../../../oracles/contract/subject.ts";

/** Where a subject holds a matchPolicy: a MatchResources (the subject's, the policy's, the binding's) or the webhook. */
interface Matching {
  readonly matchPolicy?: string;
  readonly resourceRules?: readonly NamedRuleWithOperations[];
  readonly excludeResourceRules?: readonly NamedRuleWithOperations[];
}

/** The subject with `f` applied to each of its MatchResources (a webhook counts as one, its rules as resourceRules). */
export function mapMatching(s: Subject, f: (m: Matching) => Matching): Subject {
  const mr = (m: MatchResources): MatchResources => ({ ...m, ...f(m) });
  switch (s.kind) {
    case "MatchResources":
      return { ...s, matchResources: mr(s.matchResources) };
    case "ValidatingAdmissionPolicy":
    case "MutatingAdmissionPolicy": {
      const c = s.policy.matchConstraints;
      const policy = { ...s.policy, ...(c && { matchConstraints: mr(c) }) };
      const b = s.binding?.matchResources;
      const binding = s.binding && { ...s.binding, ...(b && { matchResources: mr(b) }) };
      return { ...s, policy, ...(binding && { binding }) };
    }
    case "ValidatingWebhook":
    case "MutatingWebhook": {
      const { matchPolicy, rules } = s.webhook;
      const m = f({ ...(matchPolicy !== undefined && { matchPolicy }), ...(rules && { resourceRules: rules }) });
      const webhook = {
        ...s.webhook,
        ...(m.matchPolicy !== undefined && { matchPolicy: m.matchPolicy }),
        ...(m.resourceRules && { rules: m.resourceRules }),
      };
      return { ...s, webhook };
    }
  }
}

/** The subject with its matchConditions replaced (undefined: none). */
export function withConditions(s: Subject, conditions: readonly MatchCondition[] | undefined): Subject {
  const set = <T extends { matchConditions?: readonly MatchCondition[] }>(x: T): T => {
    const { matchConditions: _, ...rest } = x;
    return (conditions === undefined ? rest : { ...rest, matchConditions: conditions }) as T;
  };
  if ("webhook" in s) return { ...s, webhook: set(s.webhook) };
  if ("policy" in s) return { ...s, policy: set(s.policy) };
  return s;
}

/** The subject's matchConditions, if any. */
export function conditionsOf(s: Subject): readonly MatchCondition[] | undefined {
  if ("webhook" in s) return s.webhook.matchConditions;
  if ("policy" in s) return s.policy.matchConditions;
  return undefined;
}

/** A resource and its kind, as a rename sees them. */
export interface Named {
  readonly resource: GroupVersionResource;
  readonly kind: GroupVersionKind;
}

const apiVersion = (k: GroupVersionKind) => (k.group === "" ? k.version : `${k.group}/${k.version}`);

/**
 * The case with the request's resource renamed: the request, its objects' apiVersion and kind, the
 * rules naming the resource (alone or with a subresource). Rules naming the group or version
 * follow them. `equivalents`: "rename" renames the resource's other versions in the registry's
 * answer too (a custom resource keeps its equivalents, so that a bug in their pass still shows);
 * "drop" leaves the registry's answer out (another resource's equivalents are not the new one's).
 */
export function renameResource(q: Query, to: Named, equivalents: "rename" | "drop"): Query {
  const r = q.request;
  const from = { resource: r.resource, kind: r.kind };
  const one = (xs: readonly string[], a: string, b: string) => xs.map((x) => (x === a ? b : x));
  const resources = (xs: readonly string[]) =>
    xs.map((x) => {
      const [res, sub] = x.split("/");
      return res === from.resource.resource ? [to.resource.resource, sub].filter((p) => p !== undefined).join("/") : x;
    });
  const rule = (x: NamedRuleWithOperations): NamedRuleWithOperations => ({
    ...x,
    ...(x.apiGroups && { apiGroups: one(x.apiGroups, from.resource.group, to.resource.group) }),
    ...(x.apiVersions && { apiVersions: one(x.apiVersions, from.resource.version, to.resource.version) }),
    ...(x.resources && { resources: resources(x.resources) }),
  });
  const subject = mapMatching(q.subject, (m) => ({
    ...m,
    ...(m.resourceRules && { resourceRules: m.resourceRules.map(rule) }),
    ...(m.excludeResourceRules && { excludeResourceRules: m.excludeResourceRules.map(rule) }),
  }));
  const object = (o: KubeObject | null): KubeObject | null =>
    o === null ? o : { ...o, apiVersion: apiVersion(to.kind), kind: to.kind.kind };
  const { equivalentResources, ...rest } = q.cluster;
  const same = (r: GroupVersionResource) => r.group === from.resource.group && r.resource === from.resource.resource;
  const renamed = equivalentResources?.map((e) =>
    same(e.resource)
      ? { resource: { ...e.resource, resource: to.resource.resource }, kind: { ...e.kind, kind: to.kind.kind } }
      : e,
  );
  const cluster = equivalents === "rename" && renamed ? { ...rest, equivalentResources: renamed } : rest;
  return {
    ...q,
    subject,
    cluster,
    request: {
      ...r,
      resource: to.resource,
      kind: to.kind,
      ...(r.object !== undefined && { object: object(r.object) }),
      ...(r.oldObject !== undefined && { oldObject: object(r.oldObject) }),
    },
  };
}

/** What holds a namespaceSelector and an objectSelector: a MatchResources (the subject's, the policy's, the binding's) or the webhook. */
interface Selectors {
  readonly namespaceSelector?: LabelSelector;
  readonly objectSelector?: LabelSelector;
}

/** The subject with `f` applied to every place that holds selectors. */
export function mapSelectors(s: Subject, f: (x: Selectors) => Selectors): Subject {
  switch (s.kind) {
    case "MatchResources":
      return { ...s, matchResources: { ...s.matchResources, ...f(s.matchResources) } };
    case "ValidatingAdmissionPolicy":
    case "MutatingAdmissionPolicy": {
      const c = s.policy.matchConstraints;
      const policy = { ...s.policy, ...(c && { matchConstraints: { ...c, ...f(c) } }) };
      const b = s.binding?.matchResources;
      const binding = s.binding && { ...s.binding, ...(b && { matchResources: { ...b, ...f(b) } }) };
      return { ...s, policy, ...(binding && { binding }) };
    }
    case "ValidatingWebhook":
    case "MutatingWebhook":
      return { ...s, webhook: { ...s.webhook, ...f(s.webhook) } };
  }
}

/** The subject with `f` applied to each rule, included or excluded, of each of its MatchResources. */
export function mapRules(s: Subject, f: (r: NamedRuleWithOperations) => NamedRuleWithOperations): Subject {
  return mapMatching(s, (m) => ({
    ...m,
    ...(m.resourceRules && { resourceRules: m.resourceRules.map(f) }),
    ...(m.excludeResourceRules && { excludeResourceRules: m.excludeResourceRules.map(f) }),
  }));
}

/**
 * A field left out: a case file may say `null` (suites/cases/nulls.yaml), which kube-apiserver's
 * decoding takes as omitted and defaults the same way.
 */
export const omitted = (value: unknown): boolean => value === undefined || value === null;
