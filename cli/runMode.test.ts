// The modes' exit codes and seeds: a gate fails for a new cause, never for the dice; an exploration
// fails no gate for what it finds.
import { describe, expect, it } from "vitest";
import { sampleBucket } from "../reports/reportFixtures.ts";
import type { Bucket, ExitCode, RunReport } from "../reports/runReport.ts";
import { ciSeed, modeExitCode, modeOf, seedFor } from "./runMode.ts";
import { unfinishedReport } from "./unfinishedReport.ts";

const reduced = sampleBucket("a · match ≠ noMatch", "a");
const unreduced: Bucket = {
  ...sampleBucket("b · match ≠ noMatch", "b"),
  reduction: { status: "unreduced", calls: 0, lines: 1, moves: [], why: "time" },
};
const known = sampleBucket("k · match ≠ noMatch", "k", "known");

function ended(buckets: Bucket[], exitCode: ExitCode): RunReport {
  const base = unfinishedReport({
    header: { matchconform: "test", seed: 1, profile: "quick", options: {}, replay: "test" },
    implementation: { name: "m", version: "1" },
    kubernetesVersions: ["1.37"],
    startedAt: 0,
    why: "",
  });
  return { ...base, buckets, footer: { ...base.footer, exitCode } };
}

describe("modeExitCode", () => {
  it.each([
    ["ci", [reduced, known], 1, true, 1],
    ["ci", [known], 0, true, 0],
    ["ci", [unreduced, known], 1, true, 3],
    ["ci", [unreduced, reduced, known], 1, true, 1],
    ["ci", [unreduced], 1, false, 1],
    ["ci", [], 3, true, 3],
    ["explore", [reduced], 1, true, 0],
    ["explore", [unreduced], 1, false, 0],
    ["explore", [], 2, false, 2],
    ["explore", [], 3, false, 3],
    ["explore", [], 130, false, 130],
  ] as const)("%s, open %j exit %s, expected failures given %s: %s", (mode, buckets, code, given, wanted) => {
    expect(modeExitCode(mode, ended([...buckets], code), given)).toBe(wanted);
  });
});

describe("seeds", () => {
  it("in CI mode, the latest minor's own seed, without --seed; --seed wins; explore the drawn one", () => {
    expect(seedFor("ci", 99, undefined, ["1.36", "1.37"])).toBe(1037);
    expect(seedFor("ci", 99, undefined, [])).toBe(ciSeed("1.37"));
    expect(seedFor("ci", 99, "5", ["1.37"])).toBe(5);
    expect(seedFor("explore", 99, undefined, ["1.37"])).toBe(99);
    expect(ciSeed("1.30")).not.toBe(ciSeed("1.31"));
  });

  it("refuses a mode it does not have", () => {
    expect(modeOf(undefined)).toBe("ci");
    expect(() => modeOf("nightly")).toThrow("--mode nightly is not one of ci, explore");
  });
});
