// The order of the two passes under matchPolicy Equivalent, when both sides match through different
// resources: the divergence disappears when the rules are cut to the one kube-apiserver's match
// came through (with one rule, every order of the passes finds the same). Which order the
// implementation takes instead is read from the two matched resources: an equivalent where
// kube-apiserver matched the request's own resource (each rule tried through its equivalents before
// the next rule), or an equivalent earlier in the registry than kube-apiserver's (the registry's
// entries tried before the rules). kube-apiserver first tries every rule on the request's own
// resource, then each rule in turn against every equivalent resource.
import type { GroupVersionResource, NamedRuleWithOperations } from "../../../oracles/contract/kube.ts";
import type { Outcome } from "../../../oracles/contract/outcome.ts";
import type { Query } from "../../../oracles/contract/query.ts";
import type { Subject } from "../../../oracles/contract/subject.ts";
import type { Behaviour } from "../diagnosis.ts";
import type { Probe } from "./counterfactual.ts";
import { probeRule } from "./counterfactual.ts";

const source =
  "k8s.io/apiserver pkg/admission/plugin/policy/matching/matching.go matchesResourceRules (webhooks: pkg/admission/plugin/webhook/generic/webhook.go ShouldCallHook)";

export const rulesOrderBehaviours = {
  equivalentsBeforeNextRule: {
    name: "tries a rule's equivalent resources before the next rule's own resource",
    title:
      "tries each rule through the equivalent resources before the next rule on the request's own resource: the implementation reports a match through an equivalent resource where a later rule names the request's resource itself; kube-apiserver first tries every rule on the request's own resource, and only then the equivalents (matchPolicy Equivalent)",
    source,
  },
  registryBeforeRules: {
    name: "orders the equivalent pass by the registry, not by the rules",
    title:
      "tries the equivalent resources in the registry's order before the rules' under matchPolicy Equivalent: the implementation reports the first equivalent resource any rule matches; kube-apiserver takes the rules in their order, each against every equivalent resource, and reports the first rule's match",
    source,
  },
} satisfies Record<string, Behaviour>;

/** The rules whose match names the resource reported: a binding's matched resource is discarded. */
function reportingRules(s: Subject): readonly NamedRuleWithOperations[] | undefined {
  switch (s.kind) {
    case "MatchResources":
      return s.matchResources.resourceRules;
    case "ValidatingAdmissionPolicy":
    case "MutatingAdmissionPolicy":
      return s.policy.matchConstraints?.resourceRules;
    case "ValidatingWebhook":
    case "MutatingWebhook":
      return s.webhook.rules;
  }
}

function withReportingRules(s: Subject, rules: readonly NamedRuleWithOperations[]): Subject {
  switch (s.kind) {
    case "MatchResources":
      return { ...s, matchResources: { ...s.matchResources, resourceRules: rules } };
    case "ValidatingAdmissionPolicy":
    case "MutatingAdmissionPolicy":
      return {
        ...s,
        policy: { ...s.policy, matchConstraints: { ...s.policy.matchConstraints, resourceRules: rules } },
      };
    case "ValidatingWebhook":
    case "MutatingWebhook":
      return { ...s, webhook: { ...s.webhook, rules } };
  }
}

const matched = (o: Outcome): GroupVersionResource | undefined =>
  o.outcome === "match" ? o.matchedResource : undefined;
const same = (a: GroupVersionResource | undefined, b: GroupVersionResource | undefined) =>
  a !== undefined && b !== undefined && a.group === b.group && a.version === b.version && a.resource === b.resource;

/** Which wrong order the two matched resources show, if either. */
async function orderShown(ctx: Parameters<Probe["change"]>[1], q: Query): Promise<Behaviour | undefined> {
  const kube = matched(ctx.model(q, false).outcome);
  const answer = await ctx.outcomeOf(q);
  const impl = answer && matched(answer);
  if (kube === undefined || impl === undefined || same(kube, impl)) return undefined;
  const own = q.request.resource;
  if (same(kube, own)) return rulesOrderBehaviours.equivalentsBeforeNextRule;
  if (same(impl, own)) return undefined;
  const registry = (q.cluster.equivalentResources ?? []).map((e) => e.resource);
  const at = (r: GroupVersionResource) => registry.findIndex((x) => same(x, r));
  return at(impl) >= 0 && at(impl) < at(kube) ? rulesOrderBehaviours.registryBeforeRules : undefined;
}

export const rulesOrder: Probe = {
  name: "rulesOrder",
  change(q, ctx) {
    const rules = reportingRules(q.subject);
    const before = ctx.model(q, false).outcome;
    if (rules === undefined || rules.length < 2 || matched(before) === undefined) return undefined;
    // The first rule that alone gives kube-apiserver's match: the one its match came through.
    for (const rule of rules) {
      const changed = { ...q, subject: withReportingRules(q.subject, [rule]) };
      if (same(matched(ctx.model(changed, false).outcome), matched(before))) return changed;
    }
    return undefined;
  },
  async confirm(ctx, q) {
    return (await orderShown(ctx, q)) !== undefined;
  },
  async behaviour(ctx, q) {
    return (await orderShown(ctx, q)) ?? rulesOrderBehaviours.registryBeforeRules;
  },
};

export const rulesOrderRule = probeRule(rulesOrder);
