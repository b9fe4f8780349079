// The badge counts corpus tests and causes: the same whatever the seed drew, unlike a share of samples.
import { describe, expect, it } from "vitest";
import { unfinishedReport } from "../cli/unfinishedReport.ts";
import { badge } from "./badge.ts";
import { sampleBucket } from "./reportFixtures.ts";
import type { Bucket, RunReport } from "./runReport.ts";

/** A complete run: 771 of 778 corpus tests passed, and `scenarios` generated of which `diverged` diverged. */
function run(buckets: Bucket[], seed: number, scenarios: number, diverged: number): RunReport {
  const base = unfinishedReport({
    header: { matchconform: "test", seed, profile: "quick", options: {}, replay: "test" },
    implementation: { name: "m", version: "1" },
    kubernetesVersions: ["1.37"],
    startedAt: 0,
    why: "",
  });
  const { partial: _, ...header } = base.header;
  const generated = { scenarios, agreed: scenarios - diverged, diverged, skipped: 0, timeToFirstDivergenceMs: 1 };
  return {
    ...base,
    header,
    buckets,
    footer: {
      ...base.footer,
      corpus: { passed: 771, failed: 7, skipped: 12 },
      generated,
      completion: { status: "complete" },
      exitCode: 1,
    },
  };
}

const a = sampleBucket("a · match ≠ noMatch", "a");
const b = sampleBucket("b · match ≠ noMatch", "b");

describe("badge", () => {
  it("is the same for two seeds that drew different samples of the same causes", () => {
    const first = badge(run([a, b], 7, 300, 12));
    expect(first).toEqual({
      schemaVersion: 1,
      label: "admission matching",
      message: "corpus 771/778 · 2 causes",
      color: "red",
    });
    expect(badge(run([b, a], 8, 2900, 140))).toEqual(first);
  });

  it.each([
    [[], "corpus 771/778 · 0 causes", "brightgreen"],
    [[sampleBucket("k", "k", "known")], "corpus 771/778 · 1 cause (1 known)", "yellow"],
    [[a, sampleBucket("k", "k", "known")], "corpus 771/778 · 2 causes (1 known)", "red"],
  ])("%#: %s, %s", (buckets, message, color) => {
    expect(badge(run(buckets, 1, 10, 0))).toMatchObject({ message, color });
  });

  it("is grey when the run fell short of its promised work", () => {
    const r = run([], 1, 10, 0);
    const completion = { status: "incomplete", cause: "timeLimit", reason: "r", shortfalls: [] } as const;
    expect(badge({ ...r, footer: { ...r.footer, completion } })).toMatchObject({
      message: "incomplete, corpus 771/778 · 0 causes",
      color: "lightgrey",
    });
  });
});
