// "Does not evaluate matchConditions": the divergence disappears when the subject's conditions are
// removed, the implementation answered the case as kube-apiserver answers it without them, and it
// answers so even when the only condition is `false`. Tried before the CEL parts (celPart.ts), so
// that a tool that never evaluates conditions is not sent hunting a CEL function it never calls.
import type { Query } from "../../../oracles/contract/query.ts";
import { clauses } from "../../../oracles/model/clauses.ts";
import type { Behaviour } from "../diagnosis.ts";
import type { Probe } from "./counterfactual.ts";
import { probeRule } from "./counterfactual.ts";
import { conditionsOf, withConditions } from "./rewrite.ts";

export const skipsConditionsBehaviour: Behaviour = {
  name: "does not evaluate matchConditions",
  title:
    "does not evaluate matchConditions: the implementation decides as if the subject had none; kube-apiserver evaluates them once the rules match (a false condition: no match; an error fails the request under failurePolicy Fail)",
  source: clauses["matchConditions.falseNoMatch"].source,
};

export const skipsConditions: Probe = {
  name: "skipsConditions",
  change(q) {
    const conditions = conditionsOf(q.subject);
    return conditions === undefined || conditions.length === 0
      ? undefined
      : { ...q, subject: withConditions(q.subject, undefined) };
  },
  also: (q: Query) => [{ ...q, subject: withConditions(q.subject, [{ name: "never", expression: "false" }]) }],
  asIf: true,
  behaviour: () => skipsConditionsBehaviour,
};

export const skipsConditionsRule = probeRule(skipsConditions);
