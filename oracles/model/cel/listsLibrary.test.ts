// Each row was put to k8s.io/apiserver v0.37.2's own matcher (matchconditions.NewMatcher over the
// base CEL environment) with the same request; the expected answers are what it gave.
import type { CelInput } from "@bufbuild/cel";
import { describe, expect, it } from "vitest";
import { evaluateConditions } from "../matchConditions.ts";
import { noTrace } from "../trace.ts";

const request = (groups: string[]) =>
  new Map<string, CelInput>([
    [
      "userInfo",
      new Map<string, CelInput>([
        ["username", "x"],
        ["groups", groups],
      ]),
    ],
  ]);

describe("the Kubernetes lists library", () => {
  it.each<[string, string[], object]>([
    ["['b','a'].isSorted() == false && ['a','a','b'].isSorted()", [], { result: "match" }],
    ["['a','B'].isSorted()", [], { result: "noMatch" }],
    ["[3,1,2].min() == 1 && [3,1,2].max() == 3 && [1,2].sum() == 3", [], { result: "match" }],
    [
      "[9223372036854775807, 1].sum() == 0",
      [],
      {
        result: "error",
        message: "expression '[9223372036854775807, 1].sum() == 0' resulted in error: integer overflow",
      },
    ],
    [
      "request.userInfo.groups.indexOf('b') == 1 && request.userInfo.groups.lastIndexOf('a') == 2",
      ["a", "b", "a"],
      { result: "match" },
    ],
    ["request.userInfo.groups.min() == 'a'", ["b", "a"], { result: "match" }],
    ["request.userInfo.groups.indexOf('zz') == -1", ["b", "a"], { result: "match" }],
  ])("%s", (expression, groups, expected) => {
    const bindings = { object: null, oldObject: null, request: request(groups), namespaceObject: null };
    expect(evaluateConditions([{ name: "c", expression }], "Fail", bindings, "1.37", noTrace)).toMatchObject(expected);
  });
});
