// Structural edits of subjects and requests that the invariants are built from.
import type {
  KubeObject,
  LabelSelector,
  MatchCondition,
  MatchResources,
  NamedRuleWithOperations,
  RuleWithOperations,
} from "../contract/kube.ts";
import type { Query } from "../contract/query.ts";
import type { Subject } from "../contract/subject.ts";
import { isEmptyKind } from "../model/equivalents.ts";

/** Applies f to every MatchResources of the subject (policy, binding, MatchResources subject). */
export function mapMatchResources(
  s: Subject,
  f: (mr: MatchResources, where: "policy" | "binding") => MatchResources,
): Subject {
  switch (s.kind) {
    case "MatchResources":
      return { ...s, matchResources: f(s.matchResources, "policy") };
    case "ValidatingAdmissionPolicy":
    case "MutatingAdmissionPolicy": {
      const mc = s.policy.matchConstraints;
      const policy = mc === undefined ? s.policy : { ...s.policy, matchConstraints: f(mc, "policy") };
      const bmr = s.binding?.matchResources;
      const binding = s.binding && bmr ? { ...s.binding, matchResources: f(bmr, "binding") } : s.binding;
      return { ...s, policy, ...(binding && { binding }) };
    }
    default:
      return s;
  }
}

/** Applies f to every label selector of the subject; an omitted selector is passed as its default {}. */
export function mapSelectors(
  s: Subject,
  f: (sel: LabelSelector, which: "namespace" | "object") => LabelSelector,
): Subject {
  if (s.kind === "ValidatingWebhook" || s.kind === "MutatingWebhook") {
    const w = s.webhook;
    return {
      ...s,
      webhook: {
        ...w,
        namespaceSelector: f(w.namespaceSelector ?? {}, "namespace"),
        objectSelector: f(w.objectSelector ?? {}, "object"),
      },
    };
  }
  return mapMatchResources(s, (mr) => ({
    ...mr,
    namespaceSelector: f(mr.namespaceSelector ?? {}, "namespace"),
    objectSelector: f(mr.objectSelector ?? {}, "object"),
  }));
}

/** Applies f to every include rule (resourceRules, webhook rules) and, if asked, every exclude rule. */
export function mapRules(
  s: Subject,
  f: (r: NamedRuleWithOperations, list: "include" | "exclude") => NamedRuleWithOperations,
): Subject {
  if (s.kind === "ValidatingWebhook" || s.kind === "MutatingWebhook") {
    const rules = s.webhook.rules;
    return rules
      ? { ...s, webhook: { ...s.webhook, rules: rules.map((r) => f(r, "include") as RuleWithOperations) } }
      : s;
  }
  return mapMatchResources(s, (mr) => ({
    ...mr,
    ...(mr.resourceRules && { resourceRules: mr.resourceRules.map((r) => f(r, "include")) }),
    ...(mr.excludeResourceRules && { excludeResourceRules: mr.excludeResourceRules.map((r) => f(r, "exclude")) }),
  }));
}

export function allSelectors(s: Subject): LabelSelector[] {
  const found: LabelSelector[] = [];
  mapSelectors(s, (sel) => {
    found.push(sel);
    return sel;
  });
  return found;
}

export function allRules(s: Subject): { rule: NamedRuleWithOperations; list: "include" | "exclude" }[] {
  const found: { rule: NamedRuleWithOperations; list: "include" | "exclude" }[] = [];
  mapRules(s, (rule, list) => {
    found.push({ rule, list });
    return rule;
  });
  return found;
}

/** The label keys the subject's selectors mention. */
export function mentionedKeys(s: Subject): Set<string> {
  const keys = new Set<string>();
  for (const sel of allSelectors(s)) {
    for (const k of Object.keys(sel.matchLabels ?? {})) keys.add(k);
    for (const e of sel.matchExpressions ?? []) keys.add(e.key);
  }
  return keys;
}

export const isWebhook = (s: Subject) => s.kind === "ValidatingWebhook" || s.kind === "MutatingWebhook";
export const isPolicy = (s: Subject) => s.kind === "ValidatingAdmissionPolicy" || s.kind === "MutatingAdmissionPolicy";

/** Whether some equivalent of the cluster lacks a kind, which makes rule order matter. */
export const hasUnknownKind = (q: Query) => (q.cluster.equivalentResources ?? []).some((e) => isEmptyKind(e.kind));

/** Applies f to the labels of the request's object and old object (objects with metadata only). */
export function mapObjectLabels(
  q: Query,
  f: (labels: Readonly<Record<string, string>>) => Readonly<Record<string, string>>,
  which: "both" | "old" = "both",
): Query {
  const relabel = (o: KubeObject | null | undefined) => {
    if (!o || typeof o.metadata !== "object" || o.metadata === null) return o;
    const metadata = o.metadata as { labels?: Record<string, string> };
    const labels = f(metadata.labels ?? {});
    const { labels: _, ...rest } = metadata;
    return { ...o, metadata: Object.keys(labels).length > 0 ? { ...rest, labels } : rest };
  };
  const r = q.request;
  return {
    ...q,
    request: {
      ...r,
      ...(which === "both" && r.object !== undefined && { object: relabel(r.object) ?? null }),
      ...(r.oldObject !== undefined && { oldObject: relabel(r.oldObject) ?? null }),
    },
  };
}

/** Applies f to the labels of every namespace of the cluster. */
export function mapNamespaceLabels(
  q: Query,
  f: (labels: Readonly<Record<string, string>>, name: string) => Readonly<Record<string, string>>,
): Query {
  const ns = q.cluster.namespaces;
  if (!ns) return q;
  return {
    ...q,
    cluster: { ...q.cluster, namespaces: Object.fromEntries(Object.entries(ns).map(([n, l]) => [n, f(l, n)])) },
  };
}

export function renameKeys(labels: Readonly<Record<string, string>>, from: string, to: string): Record<string, string> {
  return Object.fromEntries(Object.entries(labels).map(([k, v]) => [k === from ? to : k, v]));
}

/** The subject with one more matchCondition (a policy or webhook), or undefined for MatchResources. */
export function withCondition(s: Subject, condition: MatchCondition): Subject | undefined {
  switch (s.kind) {
    case "MatchResources":
      return undefined;
    case "ValidatingAdmissionPolicy":
    case "MutatingAdmissionPolicy":
      return { ...s, policy: { ...s.policy, matchConditions: [...(s.policy.matchConditions ?? []), condition] } };
    case "ValidatingWebhook":
    case "MutatingWebhook":
      return { ...s, webhook: { ...s.webhook, matchConditions: [...(s.webhook.matchConditions ?? []), condition] } };
  }
}
