import { describe, expect, it } from "vitest";
import { evaluateCondition, parseCondition } from "./evaluate.ts";

const bindings = {
  object: new Map<string, unknown>([["spec", new Map([["replicas", 3n]])]]) as never,
  oldObject: null,
  request: null,
  namespaceObject: null,
};

describe("run-time errors in cel-go's words (the upstream oracle's answers at 1.30 and 1.37)", () => {
  it.each([
    ["object.spec.missing == 1", "no such key: missing"],
    ["object.spec.replicas / 0 == 1", "division by zero"],
    ["object.spec.replicas % 0 == 1", "modulus by zero"],
    ["9223372036854775807 + object.spec.replicas > 0", "integer overflow"],
    ["object.spec.replicas + 'a' == 'b'", "no such overload"],
    ["[1, 0].exists(x, 1 / x == 2)", "division by zero"],
  ])("%s errs with %s", (expression, error) => {
    const parsed = parseCondition(expression);
    if (!parsed.ok) throw new Error(`${expression} does not parse: ${parsed.message}`);
    expect(evaluateCondition(parsed.parsed, bindings, "1.37")).toEqual({ error });
  });
});
