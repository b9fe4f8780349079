import fc from "fast-check";
import type { AdmissionRequest, MatchCondition } from "../oracles/contract/kube.ts";
import { celCondition, invalidCondition } from "./celGrammar.ts";
import { cached } from "./draw.ts";

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
  const list = fc
    .array(expression, { minLength: 1, maxLength: 3 })
    .map((expressions) => expressions.map((e, i) => ({ name: `condition-${i}`, expression: e })));
  if (invalidWeight <= 0) return list;
  // Now and then the list itself is what validation rejects (validateMatchConditions).
  return fc
    .tuple(
      list,
      fc.oneof(
        { arbitrary: fc.constant(undefined), weight: 100 - invalidWeight },
        { arbitrary: fc.constantFrom(...listDefects), weight: invalidWeight },
      ),
    )
    .map(([conditions, defect]) => (defect === undefined ? conditions : defect(conditions)));
}

/**
 * matchConditions(request), built once for the request fields the grammar reads: building the
 * grammar's arbitraries cost more than drawing from them.
 */
export function conditionsFor(request: AdmissionRequest, invalidAllowed: boolean): fc.Arbitrary<MatchCondition[]> {
  const u = request.userInfo;
  const r = request.resource;
  const key = [
    invalidAllowed,
    request.operation,
    request.name,
    request.namespace,
    request.subResource,
    r.group,
    r.resource,
    request.kind.kind,
    request.kind.version,
    u?.username,
    u?.uid,
  ];
  return built(JSON.stringify(key), () => matchConditions(request, { invalidRate: invalidAllowed ? 0.05 : 0 }));
}

const built = cached<string, fc.Arbitrary<MatchCondition[]>>();

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
