import { namedRuleWithOperations } from "../../generators/namedRuleWithOperations.ts";
import { invariant } from "./invariant.ts";
import { variantMatchImpliesBaseMatch } from "./relations.ts";
import { isWebhook, mapMatchResources } from "./subjectParts.ts";

export const excludeNeverAddsMatches = invariant({
  name: "excludeNeverAddsMatches",
  statement: "Adding an excludeResourceRule never turns a non-match into a match.",
  source:
    'k8s.io/api admissionregistration/v1 MatchResources: "The exclude rules take precedence over include rules (if a resource matches both, it is excluded)"',
  extra: namedRuleWithOperations({ operations: ["CREATE", "UPDATE", "CONNECT", "DELETE"] }),
  pair: (q, rule) =>
    isWebhook(q.subject)
      ? undefined
      : [
          q,
          {
            ...q,
            subject: mapMatchResources(q.subject, (mr) => ({
              ...mr,
              excludeResourceRules: [...(mr.excludeResourceRules ?? []), rule],
            })),
          },
        ],
  holds: variantMatchImpliesBaseMatch,
});
