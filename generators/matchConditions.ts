import type fc from "fast-check";
import type { AdmissionRequest, MatchCondition } from "../oracles/contract/kube.ts";
import { drawCelCondition, invalidConditions } from "./celGrammar.ts";
import { arrayOf, drawn, pick, twoWay, weighted } from "./draw.ts";

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
  return drawn((rng, bias) => drawMatchConditions(rng, bias, request, invalidWeight));
}

/**
 * matchConditions(request), drawn in plain code (what fast-check's array, oneofs and tuple asked
 * the source, in their order): each expression from the grammar or, at `invalidWeight` in 100,
 * one that does not compile; then, for an invalid weight above 0, whether the list is one
 * validation rejects.
 */
export function drawMatchConditions(
  rng: fc.Random,
  bias: number | undefined,
  request: AdmissionRequest,
  invalidWeight: number,
): MatchCondition[] {
  const weights = [100 - invalidWeight, invalidWeight];
  const expressions = arrayOf(rng, bias, { minLength: 1, maxLength: 3 }, (r, b) =>
    weighted(r, weights) === 0 ? drawCelCondition(r, b, request) : pick(r, invalidConditions),
  );
  const conditions = expressions.map((e, i) => ({ name: `condition-${i}`, expression: e }));
  if (invalidWeight <= 0) return conditions;
  // Now and then the list itself is what validation rejects (validateMatchConditions).
  return twoWay(rng, 100 - invalidWeight, invalidWeight) === 0 ? conditions : pick(rng, listDefects)(conditions);
}

type ListDefect = (conditions: MatchCondition[]) => MatchCondition[];

/**
 * validation.go validateMatchConditions: a name is required and a qualified name, names are
 * unique, an expression is required (a blank one too), and there are at most 64 conditions.
 */
const listDefects: readonly ListDefect[] = [
  ([first, ...rest]) => [{ expression: first?.expression ?? "true" }, ...rest],
  ([first, ...rest]) => [{ name: "Not a name!", expression: first?.expression ?? "true" }, ...rest],
  (conditions) => [...conditions, { name: conditions[0]?.name ?? "condition-0", expression: "true" }],
  ([first, ...rest]) => [{ name: first?.name ?? "condition-0", expression: "   " }, ...rest],
  (conditions) => [
    ...conditions,
    ...Array.from({ length: 65 - conditions.length }, (_, i) => ({ name: `extra-${i}`, expression: "true" })),
  ],
];
