import { describe, expect, it } from "vitest";
import type { LabelSelector } from "../contract/kube.ts";
import { parseSelector, selectorMatches } from "./labelSelector.ts";
import { noTrace } from "./trace.ts";

function matches(selector: LabelSelector, labels: Record<string, string>): boolean {
  const parsed = parseSelector(selector);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.empty || selectorMatches(parsed.requirements, labels, noTrace);
}

describe("label selectors", () => {
  it.each([
    ["{} matches anything", {}, { a: "x" }, true],
    ["matchLabels needs the exact value", { matchLabels: { a: "x" } }, { a: "x" }, true],
    ["matchLabels is case-sensitive", { matchLabels: { a: "x" } }, { a: "X" }, false],
    ["In needs the key", { matchExpressions: [{ key: "a", operator: "In", values: ["x"] }] }, {}, false],
    ["NotIn holds for a missing key", { matchExpressions: [{ key: "a", operator: "NotIn", values: ["x"] }] }, {}, true],
    [
      "NotIn fails on a listed value",
      { matchExpressions: [{ key: "a", operator: "NotIn", values: ["x"] }] },
      { a: "x" },
      false,
    ],
    ["Exists ignores the value", { matchExpressions: [{ key: "a", operator: "Exists" }] }, { a: "" }, true],
    ["DoesNotExist holds for a missing key", { matchExpressions: [{ key: "a", operator: "DoesNotExist" }] }, {}, true],
    [
      "matchLabels a:x with a In [y] never matches",
      { matchLabels: { a: "x" }, matchExpressions: [{ key: "a", operator: "In", values: ["y"] }] },
      { a: "x" },
      false,
    ],
  ] as const)("%s", (_, selector, labels, expected) => {
    expect(matches(selector as LabelSelector, labels)).toBe(expected);
  });

  it("an unknown operator is a parse error with upstream's message", () => {
    expect(parseSelector({ matchExpressions: [{ key: "a", operator: "Gt", values: ["1"] }] })).toEqual({
      ok: false,
      error: '"Gt" is not a valid label selector operator',
    });
  });
});
