import { describe, expect, it } from "vitest";
import { goReplace, goSplit } from "./stringsLibrary.ts";

describe("goReplace, Go's strings.Replace", () => {
  it.each([
    ["web-1", "-", "_", -1, "web_1"],
    ["aaa", "a", "b", 2, "bba"],
    ["aaa", "a", "b", 0, "aaa"],
    ["web", "", ".", -1, ".w.e.b."],
    ["web", "", ".", 2, ".w.eb"],
    ["web", "", ".", 9, ".w.e.b."],
    ["", "", ".", -1, "."],
    ["😀b", "", ".", -1, ".😀.b."],
    ["abab", "ab", "", -1, ""],
  ])("replaces in %j %j with %j, n %d: %j", (s, old, replacement, n, want) => {
    expect(goReplace(s, old, replacement, n)).toBe(want);
  });
});

describe("goSplit, Go's strings.SplitN", () => {
  it.each([
    ["a,b,c", ",", -1, ["a", "b", "c"]],
    ["a,b,c", ",", 0, []],
    ["a,b,c", ",", 2, ["a", "b,c"]],
    ["a,b,c", ",", 5, ["a", "b", "c"]],
    ["", ",", -1, [""]],
    ["😀b", "", -1, ["😀", "b"]],
    ["abc", "", 2, ["a", "bc"]],
    ["", "", -1, []],
  ])("splits %j at %j, n %d: %j", (s, sep, n, want) => {
    expect(goSplit(s, sep, n)).toEqual(want);
  });
});
