import { describe, expect, it } from "vitest";
import { profiles } from "../suites/run/options.ts";
import { budgetOf } from "./budgetFlags.ts";

describe("--num-runs and --time-limit", () => {
  it("leave the profile's bounds when neither is given", () => {
    expect(budgetOf({ profile: "quick" }, "default")).toEqual(profiles.quick);
  });

  it("are the only bound when one is given alone", () => {
    expect(budgetOf({ numRuns: "50" }, "default")).toMatchObject({ numRuns: 50, timeLimitMs: Infinity });
    expect(budgetOf({ timeLimit: "90s" }, "default")).toMatchObject({
      numRuns: Number.MAX_SAFE_INTEGER,
      timeLimitMs: 90_000,
    });
  });

  it("both bound the run when both are given, whichever order", () => {
    expect(budgetOf({ numRuns: "50", timeLimit: "2m" }, "default")).toMatchObject({
      numRuns: 50,
      timeLimitMs: 120_000,
    });
  });

  it("name the flag and the value they cannot read", () => {
    expect(() => budgetOf({ numRuns: "-1" }, "default")).toThrow("--num-runs -1 is not a whole number");
    expect(() => budgetOf({ timeLimit: "soon" }, "default")).toThrow("--time-limit soon is not a duration");
    expect(() => budgetOf({ profile: "fast" }, "default")).toThrow(
      "--profile fast is not one of quick, default, nightly",
    );
  });
});
