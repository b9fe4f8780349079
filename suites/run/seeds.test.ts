// Runs on different seeds draw different scenarios: seeds 1, 2 and 3 share no generated scenario
// (they shared most before the batch seeds were hashed, batch b of seed s being seed s + b).
import { describe, expect, it } from "vitest";
import type { Matcher } from "../../oracles/adapters/matcher.ts";
import { modelMatcher } from "../../oracles/adapters/modelMatcher.ts";
import { sortedKeys } from "../../oracles/adapters/recordingMatcher.ts";
import { profiles } from "./options.ts";
import { runConformance } from "./run.ts";
import { derivedSeed } from "./seeds.ts";

/** The canonical JSON of every query the generated phase put to the model, for one seed. */
async function generatedOn(seed: number): Promise<Set<string>> {
  const model = modelMatcher();
  const asked = new Set<string>();
  const recording: Matcher = {
    ...model,
    match: (q) => {
      asked.add(JSON.stringify(sortedKeys(q)));
      return model.match(q);
    },
  };
  // No corpus, no invariant checks: every query asked is a generated scenario (the model never
  // diverges from itself, so nothing is reduced either).
  const budget = { ...profiles.quick, numRuns: 600, invariantRuns: 0, timeLimitMs: Number.POSITIVE_INFINITY };
  const report = await runConformance({
    matcher: recording,
    options: { budget, seed, minors: ["1.37"], caseFiles: [] },
    cases: [],
    expected: [],
    progress: { phase() {}, tick() {} },
    header: { matchconform: "test", profile: "quick", options: {}, replay: "test" },
  });
  expect(report.footer.generated.scenarios).toBe(600);
  return asked;
}

describe("seeds", () => {
  it("1, 2 and 3 share no generated scenario over three batches each", async () => {
    const [one, two, three] = await Promise.all([generatedOn(1), generatedOn(2), generatedOn(3)]);
    const shared = (a: Set<string>, b: Set<string>) => [...a].filter((q) => b.has(q)).length;
    // Within a seed a scenario can come twice (fast-check draws small values often); across seeds never.
    expect(one.size).toBeGreaterThan(300);
    expect([shared(one, two), shared(one, three), shared(two, three)]).toEqual([0, 0, 0]);
  }, 120_000);

  it.each([
    [1, 2],
    [2, 3],
    [0, 1],
  ])("batch b of seed %i is no batch of seed %i", (a, b) => {
    const of = (s: number, stream: "generated" | "invariants") =>
      Array.from({ length: 64 }, (_, i) => derivedSeed(s, stream, i));
    const other = new Set([...of(b, "generated"), ...of(b, "invariants"), ...of(a, "invariants")]);
    expect(of(a, "generated").filter((s) => other.has(s))).toEqual([]);
    expect(new Set(of(a, "generated")).size).toBe(64);
  });

  it("is the same for the same seed, whole numbers past 2^32 included", () => {
    expect(derivedSeed(7, "generated", 3)).toBe(derivedSeed(7, "generated", 3));
    expect(derivedSeed(2 ** 32 + 7, "generated", 3)).not.toBe(derivedSeed(7, "generated", 3));
  });
});
