import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { sourceCli } from "../package/sourceCli.ts";
import { ceilingsMs, profiles } from "../suites/run/options.ts";
import { budgetOf, durationMs } from "./budgetFlags.ts";

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

  it("in work pacing (run --mode ci) keep the profile's work, all of it promised, the time limit a ceiling", () => {
    expect(budgetOf({}, "default", "work")).toEqual({
      numRuns: 3000,
      invariantRuns: 60,
      reduce: true,
      timeLimitMs: ceilingsMs.default,
      pacing: "work",
    });
    expect(budgetOf({ timeLimit: "90s" }, "default", "work")).toMatchObject({ numRuns: 3000, timeLimitMs: 90_000 });
    expect(budgetOf({ numRuns: "50" }, "default", "work")).toMatchObject({ numRuns: 50, timeLimitMs: Infinity });
    expect(budgetOf({ profile: "quick", numRuns: "50", timeLimit: "2m" }, "default", "work")).toMatchObject({
      numRuns: 50,
      invariantRuns: 20,
      timeLimitMs: 120_000,
      pacing: "work",
    });
    expect(budgetOf({ profile: "nightly" }, "default", "work").minimum).toBeUndefined();
  });

  it("name the flag and the value they cannot read", () => {
    expect(() => budgetOf({ numRuns: "-1" }, "default")).toThrow("--num-runs -1 is not a whole number");
    expect(() => budgetOf({ timeLimit: "soon" }, "default")).toThrow("--time-limit soon is not a duration");
    expect(() => budgetOf({ profile: "fast" }, "default")).toThrow(
      "--profile fast is not one of quick, default, nightly",
    );
  });
});

describe("durations", () => {
  it.each(["0", "0s", "0ms", "0.0001ms", "-1s", "1e3", "NaN", "Infinity", ""])("refuse %j", (v) => {
    expect(() => durationMs("--case-timeout", v)).toThrow(/--case-timeout/);
  });

  it("refuse what overflows Node's timers instead of firing at once", () => {
    expect(() => durationMs("--case-timeout", "40000m")).toThrow("longer than the 2147483647 ms");
    expect(durationMs("--case-timeout", "35000m")).toBe(2_100_000_000);
  });
});

describe("from the CLI", () => {
  it.each([
    ["run", "0"],
    ["run", "40000m"],
    ["replay", "-5s"],
  ])(
    "%s --case-timeout %s: exit 2 naming the flag, before anything starts",
    (command, v) => {
      const r = spawnSync(
        process.execPath,
        [...sourceCli, command, "suites/cases/bindings.yaml", `--case-timeout=${v}`],
        {
          cwd: fileURLToPath(new URL("../", import.meta.url)),
          encoding: "utf8",
          timeout: 100_000,
        },
      );
      expect(r.status, r.stderr).toBe(2);
      expect(r.stderr).toMatch(/--case-timeout/);
    },
    120_000,
  );
});
