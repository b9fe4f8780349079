import fc from "fast-check";
import type { Subject } from "../contract/subject.ts";
import { invariant } from "./invariant.ts";
import { sameOutcome } from "./relations.ts";
import { hasUnknownKind, mapMatchResources } from "./subjectParts.ts";

export const ruleOrderIrrelevant = invariant({
  name: "ruleOrderIrrelevant",
  statement: "Reversing the order of the rules leaves the outcome as it is (the reported equivalent may change).",
  source:
    'k8s.io/api admissionregistration/v1 ValidatingWebhook.rules: "The webhook cares about an operation if it matches _any_ Rule." (the reported equivalent follows rule order: matching_test.go "prefer apps")',
  extra: fc.constant(undefined),
  // An equivalent without a kind errors only if reached first, so order matters there.
  pair: (q) => (hasUnknownKind(q) ? undefined : [q, { ...q, subject: reverseRules(q.subject) }]),
  holds: sameOutcome,
});

function reverseRules(s: Subject): Subject {
  if (s.kind === "ValidatingWebhook" || s.kind === "MutatingWebhook") {
    return s.webhook.rules ? { ...s, webhook: { ...s.webhook, rules: [...s.webhook.rules].reverse() } } : s;
  }
  return mapMatchResources(s, (mr) => ({
    ...mr,
    ...(mr.resourceRules && { resourceRules: [...mr.resourceRules].reverse() }),
    ...(mr.excludeResourceRules && { excludeResourceRules: [...mr.excludeResourceRules].reverse() }),
  }));
}
