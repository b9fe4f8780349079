import fc from "fast-check";
import { invariant } from "./invariant.ts";
import { variantMatchImpliesBaseMatch } from "./relations.ts";
import { allRules, hasUnknownKind, isWebhook, mapMatchResources } from "./subjectParts.ts";

export const equivalentCoversExact = invariant({
  name: "equivalentCoversExact",
  statement: "Without exclude rules, matchPolicy Equivalent matches at least what Exact matches.",
  source:
    'k8s.io/api admissionregistration/v1 MatchPolicyType: "Equivalent means requests should be sent to the webhook if they modify a resource listed in rules via another API group or version."',
  extra: fc.constant(undefined),
  pair: (q) => {
    if (allRules(q.subject).some((r) => r.list === "exclude") || hasUnknownKind(q)) return undefined;
    const withPolicy = (matchPolicy: string) =>
      isWebhook(q.subject) && "webhook" in q.subject
        ? { ...q.subject, webhook: { ...q.subject.webhook, matchPolicy } }
        : mapMatchResources(q.subject, (mr) => ({ ...mr, matchPolicy }));
    return [
      { ...q, subject: withPolicy("Equivalent") },
      { ...q, subject: withPolicy("Exact") },
    ];
  },
  holds: variantMatchImpliesBaseMatch,
});
