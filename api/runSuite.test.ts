// The library's run is work-paced by default, as the CLI's default --mode ci is: the profile's work
// all done, its time limit a ceiling, so that a library user's gate does not move with the load.
import { describe, expect, it } from "vitest";
import { modelMatcher } from "../oracles/adapters/modelMatcher.ts";
import { ceilingsMs, profiles, workPaced } from "../suites/run/options.ts";
import { runSuite, suiteBudget } from "./runSuite.ts";

describe("runSuite", () => {
  it("paces by work unless asked otherwise", () => {
    expect(suiteBudget({})).toEqual(workPaced("quick"));
    expect(suiteBudget({ profile: "default" })).toEqual({ ...workPaced("default"), timeLimitMs: ceilingsMs.default });
    expect(suiteBudget({ profile: "default", pacing: "time" })).toEqual(profiles.default);
    const budget = { ...profiles.quick, numRuns: 5 };
    expect(suiteBudget({ profile: "nightly", pacing: "work", budget })).toBe(budget);
  });

  it("does the whole quick profile's work on the model, and says it was complete", async () => {
    const report = await runSuite({ matcher: modelMatcher(), cases: [] });
    expect(report.footer.generated.scenarios).toBe(profiles.quick.numRuns);
    expect(report.footer.completion).toEqual({ status: "complete" });
    expect(report.footer.exitCode).toBe(0);
  }, 300_000);
});
