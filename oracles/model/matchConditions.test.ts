import type { CelInput } from "@bufbuild/cel";
import { describe, expect, it } from "vitest";
import { jsonToCel } from "./cel/values.ts";
import { evaluateConditions } from "./matchConditions.ts";
import { noTrace } from "./trace.ts";

const bindings = {
  object: jsonToCel({ metadata: { name: "web", labels: { app: "web" } }, spec: { replicas: 3 } }),
  oldObject: null,
  request: new Map<string, CelInput>([["namespace", "prod"]]),
  namespaceObject: null,
};
const when = (...expressions: string[]) => expressions.map((expression, i) => ({ name: `c${i}`, expression }));

describe("matcher.go Match", () => {
  it.each([
    ["all true", when("true", "request.namespace == 'prod'"), "Fail", { result: "match" }],
    ["one false", when("true", "object.spec.replicas == 2"), "Fail", { result: "noMatch", failedCondition: "c1" }],
    ["a false one wins over an error", when("object.nope == 1", "false"), "Fail", { result: "noMatch" }],
    [
      "an error under Fail",
      when("true", "object.nope == 1"),
      "Fail",
      { result: "error", message: "expression 'object.nope == 1' resulted in error: no such key: nope" },
    ],
    ["an error under Ignore", when("true", "object.nope == 1"), "Ignore", { result: "noMatch" }],
    [
      "two errors, aggregated",
      when("object.a == 1", "object.b == 1"),
      undefined,
      {
        result: "error",
        message:
          "[expression 'object.a == 1' resulted in error: no such key: a, expression 'object.b == 1' resulted in error: no such key: b]",
      },
    ],
    [
      "the same error twice, once",
      [
        { name: "a", expression: "object.a == 1" },
        { name: "b", expression: "object.a == 1" },
      ],
      "Fail",
      { result: "error", message: "expression 'object.a == 1' resulted in error: no such key: a" },
    ],
    ["whole numbers are ints", when("object.spec.replicas + 1 == 4"), "Fail", { result: "match" }],
  ])("%s", (_, conditions, failurePolicy, expected) => {
    expect(evaluateConditions(conditions, failurePolicy, bindings, "1.37", noTrace)).toMatchObject(expected);
  });
});
