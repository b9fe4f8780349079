import { describe, expect, it } from "vitest";
import { agree, satisfies } from "./agreement.ts";
import type { Expected, Outcome } from "./outcome.ts";

const ran = (...params: string[]): Outcome => ({ outcome: "match", params });
const match: Outcome = { outcome: "match" };

describe("params in a match", () => {
  it.each<[string, Expected, Outcome, boolean]>([
    ["the same params in another order", { outcome: "match", params: ["p/a", "p/b"] }, ran("p/b", "p/a"), true],
    ["a param missing", { outcome: "match", params: ["p/a", "p/b"] }, ran("p/a"), false],
    ["a param too many", { outcome: "match", params: ["p/a"] }, ran("p/a", "p/b"), false],
    ["an expectation without params accepts any", { outcome: "match" }, ran("p/a"), true],
    ["an answer without params is not compared", { outcome: "match", params: ["p/a"] }, match, true],
  ])("%s", (_, expected, actual, result) => {
    expect(satisfies(expected, actual)).toBe(result);
  });

  it("two answers agree on the set where both give it", () => {
    expect(agree(ran("p/a", "p/b"), ran("p/b", "p/a"))).toBe(true);
    expect(agree(ran("p/a"), ran("p/b"))).toBe(false);
    expect(agree(ran("p/a"), match)).toBe(true);
  });
});
