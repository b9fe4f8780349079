import fc from "fast-check";
import { invariant } from "./invariant.ts";
import { withCondition } from "./subjectParts.ts";

export const falseConditionNeverMatches = invariant({
  name: "falseConditionNeverMatches",
  statement:
    "Adding a matchCondition that is always false makes a policy or webhook match nothing; only the errors and invalid answers decided before the conditions stay.",
  source:
    'k8s.io/api admissionregistration/v1 MatchCondition: "If any matchCondition evaluates to FALSE, the webhook is skipped"; k8s.io/apiserver pkg/admission/plugin/webhook/matchconditions/matcher.go Match (a false condition wins over errors)',
  extra: fc.constantFrom("false", "1 == 2", "!true"),
  pair: (q, expression) => {
    const subject = withCondition(q.subject, { name: "matchconform-never", expression });
    return subject === undefined ? undefined : [q, { ...q, subject }];
  },
  holds: (base, variant) =>
    variant.outcome === "noMatch" ||
    ((base.outcome === "error" || base.outcome === "invalid") && variant.outcome === base.outcome),
});
