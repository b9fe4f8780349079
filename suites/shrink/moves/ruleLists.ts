// Every rule of a subject, wherever it stands (resourceRules, excludeResourceRules, a webhook's
// rules): the rule moves rewrite them one at a time or all together.
import type { MatchResources } from "../../../oracles/contract/kube.ts";
import type { Subject } from "../../../oracles/contract/subject.ts";

export interface AnyRule {
  readonly operations?: readonly string[];
  readonly apiGroups?: readonly string[];
  readonly apiVersions?: readonly string[];
  readonly resources?: readonly string[];
  readonly resourceNames?: readonly string[];
}

export function mapRules(s: Subject, f: (resource: string) => string): Subject {
  return mapRuleLists(s, (rule) => (rule.resources ? { ...rule, resources: rule.resources.map(f) } : rule));
}

/**
 * Applies `f` to every rule of the subject: resourceRules, excludeResourceRules, webhook rules. A
 * manifest's null rule (decoded as the empty rule) is left as it is: removals may take it out.
 */
export function mapRuleLists(s: Subject, g: (rule: AnyRule) => AnyRule): Subject {
  const f = (rule: AnyRule): AnyRule => ((rule as AnyRule | null) === null ? rule : g(rule));
  const inMr = (m: MatchResources | undefined): MatchResources | undefined =>
    m && {
      ...m,
      ...(m.resourceRules && { resourceRules: m.resourceRules.map((r) => f(r as AnyRule)) }),
      ...(m.excludeResourceRules && { excludeResourceRules: m.excludeResourceRules.map((r) => f(r as AnyRule)) }),
    };
  switch (s.kind) {
    case "MatchResources":
      return { ...s, matchResources: inMr(s.matchResources) ?? {} };
    case "ValidatingAdmissionPolicy":
    case "MutatingAdmissionPolicy": {
      const constraints = inMr(s.policy.matchConstraints);
      const bound = inMr(s.binding?.matchResources);
      return {
        ...s,
        policy: { ...s.policy, ...(constraints && { matchConstraints: constraints }) },
        ...(s.binding && { binding: { ...s.binding, ...(bound && { matchResources: bound }) } }),
      };
    }
    case "ValidatingWebhook":
    case "MutatingWebhook":
      return {
        ...s,
        webhook: { ...s.webhook, ...(s.webhook.rules && { rules: s.webhook.rules.map((r) => f(r as AnyRule)) }) },
      };
  }
}

export function ruleCount(s: Subject): number {
  let n = 0;
  mapRuleLists(s, (rule) => {
    n++;
    return rule;
  });
  return n;
}
