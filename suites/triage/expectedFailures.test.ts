// An expected-failures file names causes by keys that hold on every seed: a reduced bucket's key,
// or one that names what the bucket is (a family, an invariant, an implementation's failure); an
// unreduced bucket's key names its raw sample and is not recorded.
import { describe, expect, it } from "vitest";
import { unfinishedReport } from "../../cli/unfinishedReport.ts";
import { sampleBucket } from "../../reports/reportFixtures.ts";
import type { Bucket, RunReport } from "../../reports/runReport.ts";
import { applyExpectedFailures, keyedByCause, unrecorded, updatedExpectedFailures } from "./expectedFailures.ts";

const unreduced = (b: Bucket): Bucket => ({ ...b, reduction: { ...b.reduction, status: "unreduced", why: "time" } });
const family: Bucket = {
  ...sampleBucket("family acceptsInvalid", "accepts"),
  family: { name: "acceptsInvalid", explanation: "", rows: [] },
};

function reportOf(buckets: Bucket[]): RunReport {
  const base = unfinishedReport({
    header: { matchconform: "test", seed: 7, profile: "quick", options: {}, replay: "test" },
    implementation: { name: "m", version: "1" },
    kubernetesVersions: ["1.37"],
    startedAt: 0,
    why: "",
  });
  return { ...base, buckets };
}

describe("keyedByCause", () => {
  it.each([
    ["a reduced bucket", sampleBucket("rules.resource.x · match ≠ noMatch", "t"), true],
    ["an unreduced bucket", unreduced(sampleBucket("rules.resource.x · match ≠ noMatch", "t")), false],
    ["an unreduced family", unreduced(family), true],
    ["an unreduced invariant", unreduced(sampleBucket("invariant labelOrderIrrelevant", "t")), true],
    ["an implementation's failure, unreduced", unreduced(sampleBucket("implementation timeout", "t")), true],
  ])("%s: %s", (_, b, keyed) => {
    expect(keyedByCause(b)).toBe(keyed);
  });
});

describe("updatedExpectedFailures", () => {
  const reduced = sampleBucket("a · match ≠ noMatch", "a");
  const raw = unreduced(sampleBucket("b · match ≠ noMatch", "b"));
  const r = reportOf([reduced, raw, unreduced(family)]);

  it("records reduced buckets by key and families by name, and leaves a sample's key out", () => {
    const entries = updatedExpectedFailures(r, []);
    expect(entries.map((e) => e.bucket ?? `family ${e.family}`)).toEqual([
      "a · match ≠ noMatch",
      "family acceptsInvalid",
    ]);
    expect(unrecorded(r, entries).map((b) => b.signature)).toEqual(["b · match ≠ noMatch"]);
  });

  it("keeps an entry written by hand for an unreduced bucket, since a person chose it", () => {
    const entries = updatedExpectedFailures(r, [{ bucket: "b · match ≠ noMatch", reason: "known" }]);
    expect(entries[0]).toEqual({ bucket: "b · match ≠ noMatch", reason: "known" });
    expect(unrecorded(r, entries)).toEqual([]);
  });

  it("covers on another seed the same cause, reduced there from another sample", () => {
    const entries = updatedExpectedFailures(r, []);
    const later = [{ ...reduced, count: 40, example: { ...reduced.example, seed: 123, path: "9:1" } }];
    expect(applyExpectedFailures(later, entries).buckets.every((b) => b.expectedFailure)).toBe(true);
  });
});
