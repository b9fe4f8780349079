import { namedRuleWithOperations } from "../../generators/namedRuleWithOperations.ts";
import type { NamedRuleWithOperations } from "../contract/kube.ts";
import type { Subject } from "../contract/subject.ts";
import { invariant } from "./invariant.ts";
import { baseMatchImpliesVariantMatch } from "./relations.ts";
import { hasUnknownKind } from "./subjectParts.ts";

export const resourceRuleNeverRemovesMatches = invariant({
  name: "resourceRuleNeverRemovesMatches",
  statement: "Appending a resource rule to non-empty rules never removes a match.",
  source:
    'k8s.io/api admissionregistration/v1 ValidatingWebhook.rules: "The webhook cares about an operation if it matches _any_ Rule."',
  // No DELETE: a mutating policy's rules may not name it, and the rule stays valid for every kind.
  extra: namedRuleWithOperations({ operations: ["CREATE", "UPDATE", "CONNECT"], namesRate: 0 }),
  pair: (q, rule) => {
    if (hasUnknownKind(q)) return undefined;
    const subject = appendRule(q.subject, rule);
    return subject && [q, { ...q, subject }];
  },
  holds: baseMatchImpliesVariantMatch,
});

function appendRule(s: Subject, rule: NamedRuleWithOperations): Subject | undefined {
  switch (s.kind) {
    case "ValidatingWebhook":
    case "MutatingWebhook": {
      const rules = s.webhook.rules ?? [];
      const { resourceNames: _, ...plain } = rule;
      return rules.length === 0 ? undefined : { ...s, webhook: { ...s.webhook, rules: [...rules, plain] } };
    }
    case "MatchResources": {
      const rules = s.matchResources.resourceRules ?? [];
      // Empty resourceRules match everything: a first rule narrows.
      return rules.length === 0
        ? undefined
        : { ...s, matchResources: { ...s.matchResources, resourceRules: [...rules, rule] } };
    }
    default: {
      const mc = s.policy.matchConstraints;
      const rules = mc?.resourceRules ?? [];
      return rules.length === 0 || !mc
        ? undefined
        : { ...s, policy: { ...s.policy, matchConstraints: { ...mc, resourceRules: [...rules, rule] } } };
    }
  }
}
