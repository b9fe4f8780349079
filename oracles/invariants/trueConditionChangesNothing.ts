import fc from "fast-check";
import { agree } from "../contract/agreement.ts";
import { invariant } from "./invariant.ts";
import { withCondition } from "./subjectParts.ts";

export const trueConditionChangesNothing = invariant({
  name: "trueConditionChangesNothing",
  statement: "Adding a matchCondition that is always true to a policy or webhook leaves its decision as it was.",
  source:
    'k8s.io/api admissionregistration/v1 MatchCondition: "If all matchConditions evaluate to TRUE, the webhook is called"; k8s.io/apiserver pkg/admission/plugin/webhook/matchconditions/matcher.go Match',
  extra: fc.constantFrom("true", "1 == 1", "!false"),
  pair: (q, expression) => {
    const subject = withCondition(q.subject, { name: "matchconform-always", expression });
    return subject === undefined ? undefined : [q, { ...q, subject }];
  },
  holds: (base, variant) => agree(base, variant),
});
