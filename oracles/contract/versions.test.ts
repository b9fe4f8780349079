import { describe, expect, it } from "vitest";
import { minorsInRange } from "./versions.ts";

describe("minorsInRange", () => {
  it.each([
    [">=1.35", ["1.35", "1.36", "1.37"]],
    ["<1.32", ["1.30", "1.31"]],
    ["1.34", ["1.34"]],
    ["1.30 - 1.32", ["1.30", "1.31", "1.32"]],
    [">=1.31 <1.33", ["1.31", "1.32"]],
    ["1.30 || >=1.37", ["1.30", "1.37"]],
    [">=1.40", []],
  ])("%s", (range, minors) => {
    expect(minorsInRange(range)).toEqual({ ok: true, minors });
  });

  it.each(["1.x", ">= one", "2.0", ""])("rejects %j", (range) => {
    expect(minorsInRange(range).ok).toBe(false);
  });
});
