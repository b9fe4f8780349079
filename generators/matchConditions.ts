import fc from "fast-check";
import type { AdmissionRequest, MatchCondition } from "../oracles/contract/kube.ts";
import { celCondition, invalidCondition } from "./celGrammar.ts";

/**
 * One to three matchConditions over what the request carries (the grammar: celGrammar.ts), so
 * that they come out true, false, erring (a missing key, an absent field, a null object, an
 * operand of the wrong type at run time) or invalid (they do not compile, or are not bool), as
 * cel-go decides them. Drawn only for a scenario's conditionRate above 0: the default draws do not
 * reach this grammar.
 */
export interface MatchConditionsConstraints {
  /** How often a drawn condition is one API validation rejects (default 0.05). */
  readonly invalidRate?: number;
}

export function matchConditions(
  request: AdmissionRequest,
  constraints: MatchConditionsConstraints = {},
): fc.Arbitrary<MatchCondition[]> {
  const invalidWeight = Math.round((constraints.invalidRate ?? 0.05) * 100);
  const expression = fc.oneof(
    { arbitrary: celCondition(request), weight: 100 - invalidWeight },
    { arbitrary: invalidCondition, weight: invalidWeight },
  );
  return fc
    .array(expression, { minLength: 1, maxLength: 3 })
    .map((expressions) => expressions.map((e, i) => ({ name: `condition-${i}`, expression: e })));
}
