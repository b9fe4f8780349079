// k8s.io/apiserver pkg/admission/plugin/policy/matching/matching.go Matcher.Matches and matchesResourceRules.
import type { Cluster } from "../contract/cluster.ts";
import type {
  GroupVersionKind,
  GroupVersionResource,
  MatchResources,
  NamedRuleWithOperations,
} from "../contract/kube.ts";
import type { Minor } from "../contract/versions.ts";
import type { Attributes } from "./attributes.ts";
import { sameGVR } from "./attributes.ts";
import { equivalentResourcesFor, isEmptyKind, unknownKind } from "./equivalents.ts";
import { matchNamespaceSelector } from "./namespaceSelector.ts";
import { matchObjectSelector } from "./objectSelector.ts";
import { ruleMatches } from "./rules.ts";
import type { StatusError } from "./statusError.ts";
import type { Trace } from "./trace.ts";

export type MatchResult =
  | { readonly result: "match"; readonly resource: GroupVersionResource; readonly kind: GroupVersionKind }
  | { readonly result: "noMatch" }
  | { readonly result: "error"; readonly error: StatusError };

const noMatch: MatchResult = { result: "noMatch" };

export interface MatchContext {
  readonly attr: Attributes;
  readonly cluster: Cluster;
  readonly minor: Minor;
  readonly trace: Trace;
}

/** Matcher.Matches for defaulted MatchResources. */
export function matchResources(mr: MatchResources, ctx: MatchContext): MatchResult {
  const { attr, cluster, trace } = ctx;
  const ns = matchNamespaceSelector(mr.namespaceSelector ?? {}, attr, cluster, trace);
  if (ns.result === "noMatch") {
    trace.take("matchResources.namespaceSelectorNoMatch");
    return noMatch;
  }
  const obj = matchObjectSelector(mr.objectSelector ?? {}, attr, trace);
  if (obj.result === "noMatch") {
    trace.take("matchResources.objectSelectorNoMatch");
    return noMatch;
  }
  const pendingError = ns.result === "error" ? ns.error : obj.result === "error" ? obj.error : null;

  const excluded = matchesResourceRules(mr.excludeResourceRules ?? [], mr.matchPolicy, ctx);
  if (excluded.result !== "noMatch") {
    // matching.go: an exclude hit or exclude error wins; pending selector errors are dropped.
    trace.take(excluded.result === "match" ? "matchResources.excludeWins" : "matchResources.excludeError");
    if (pendingError) trace.take("matchResources.selectorErrorDroppedByExclude");
    return excluded.result === "match" ? noMatch : excluded;
  }

  const rules = mr.resourceRules ?? [];
  let included: MatchResult;
  if (rules.length === 0) {
    trace.take("matchResources.emptyResourceRulesMatchAll");
    included = { result: "match", resource: attr.resource, kind: attr.kind };
  } else {
    included = matchesResourceRules(rules, mr.matchPolicy, ctx);
  }
  if (included.result === "error") return included;
  if (included.result === "noMatch") {
    trace.take(pendingError ? "matchResources.selectorErrorSwallowedByRules" : "matchResources.rulesNoMatch");
    return noMatch;
  }
  if (pendingError) {
    trace.take(ns.result === "error" ? "matchResources.namespaceErrorSurfaces" : "matchResources.objectErrorSurfaces");
    return { result: "error", error: pendingError };
  }
  return included;
}

// matching.go matchesResourceRules: an exact pass over all rules, then (Equivalent only)
// rules outer, equivalents inner, in registry order.
function matchesResourceRules(
  rules: readonly NamedRuleWithOperations[],
  matchPolicy: string | undefined,
  ctx: MatchContext,
): MatchResult {
  const { attr, trace } = ctx;
  if (rules.length === 0) return noMatch;
  for (const rule of rules) {
    if (!ruleMatches(rule, attr, trace)) continue;
    if (namesAllow(rule, attr.name, trace)) {
      trace.take("matchResources.exactRuleMatches");
      return { result: "match", resource: attr.resource, kind: attr.kind };
    }
  }
  if (matchPolicy === undefined || matchPolicy === "Exact") {
    trace.take("matchResources.exactPolicyStops");
    return noMatch;
  }
  const equivalents = equivalentResourcesFor(attr.resource, attr.subResource, ctx.cluster, ctx.minor);
  for (const rule of rules) {
    for (const e of equivalents) {
      if (sameGVR(e.resource, attr.resource)) continue;
      if (!ruleMatches(rule, { ...attr, resource: e.resource }, trace)) continue;
      if (isEmptyKind(e.kind)) {
        // matching.go: KindFor fails before resourceNames are looked at.
        trace.take("matchResources.equivalentUnknownKind");
        return { result: "error", error: { code: 500, message: unknownKind(e.resource) } };
      }
      if (namesAllow(rule, attr.name, trace)) {
        trace.take("matchResources.equivalentRuleMatches");
        return { result: "match", resource: e.resource, kind: e.kind };
      }
    }
  }
  trace.take("matchResources.noEquivalentMatches");
  return noMatch;
}

// matching.go: resourceNames are compared with attr.GetName() by exact equality; "" is a legal name.
function namesAllow(rule: NamedRuleWithOperations, name: string, trace: Trace): boolean {
  const names = rule.resourceNames ?? [];
  if (names.length === 0) return true;
  const hit = names.includes(name);
  trace.take(hit ? "matchResources.resourceNamesHit" : "matchResources.resourceNamesMiss");
  return hit;
}
