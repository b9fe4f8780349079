import fc from "fast-check";
import type { MatchCondition } from "../contract/kube.ts";
import type { Subject } from "../contract/subject.ts";
import { invariant } from "./invariant.ts";
import { same } from "./relations.ts";

export const conditionOrderIrrelevant = invariant({
  name: "conditionOrderIrrelevant",
  statement:
    "Reordering the matchConditions of a policy or webhook leaves its decision as it was: every condition is evaluated, a false one wins over errors wherever it stands; only the order of the errors in a message changes.",
  source:
    'k8s.io/apiserver pkg/admission/plugin/webhook/matchconditions/matcher.go Match (each evaluation in turn: an error is collected and the loop goes on, a false result returns; "if any matchCondition evaluates to FALSE, the webhook is skipped" whatever the others evaluate to)',
  // A rotation, then perhaps a reversal: with up to three conditions, every order.
  extra: fc.record({ shift: fc.nat(63), reverse: fc.boolean() }),
  pair: (q, { shift, reverse }) => {
    const conditions = conditionsOf(q.subject);
    if (conditions === undefined || conditions.length < 2) return undefined;
    const k = shift % conditions.length;
    const rotated = [...conditions.slice(k), ...conditions.slice(0, k)];
    const reordered = reverse ? rotated.reverse() : rotated;
    return [q, { ...q, subject: withConditions(q.subject, reordered) }];
  },
  holds: same,
});

function conditionsOf(s: Subject): readonly MatchCondition[] | undefined {
  return "policy" in s ? s.policy.matchConditions : "webhook" in s ? s.webhook.matchConditions : undefined;
}

function withConditions(s: Subject, matchConditions: MatchCondition[]): Subject {
  if ("policy" in s) return { ...s, policy: { ...s.policy, matchConditions } } as Subject;
  if ("webhook" in s) return { ...s, webhook: { ...s.webhook, matchConditions } } as Subject;
  return s;
}
