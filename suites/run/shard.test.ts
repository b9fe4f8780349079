// The shares of `run --shard i/n` are disjoint and cover the run: every unit in exactly one.
import { describe, expect, it } from "vitest";
import { profiles } from "./options.ts";
import { batchLength, inShard, parseShard, scenariosOf, shardBudget, testInShard } from "./shard.ts";

const shards = (count: number) => Array.from({ length: count }, (_, i) => ({ index: i + 1, count }));

describe("run --shard", () => {
  it("reads i/n and refuses what is not a share", () => {
    expect(parseShard("2/4")).toEqual({ index: 2, count: 4 });
    expect(parseShard(" 1/1 ")).toEqual({ index: 1, count: 1 });
    for (const bad of ["0/4", "5/4", "2", "2/", "/4", "-1/4", "1.5/4", "a/b", "2/4/8", ""])
      expect(parseShard(bad), bad).toBeUndefined();
  });

  it.each([1, 2, 3, 4, 7])("puts every corpus test, batch and invariant in exactly one of %i shares", (count) => {
    const ids = Array.from({ length: 500 }, (_, i) => `cases-${i % 13}.yaml\u0000case ${i}\u00000\u00001.37`);
    for (const id of ids) expect(shards(count).filter((s) => testInShard(s, id))).toHaveLength(1);
    for (let n = 0; n < 40; n++) expect(shards(count).filter((s) => inShard(s, n))).toHaveLength(1);
  });

  it("splits the generated scenarios by batch, their sizes adding up to the run's", () => {
    for (const numRuns of [0, 1, 255, 256, 300, 3000, 20_000]) {
      const sizes = shards(4).map((s) => scenariosOf(numRuns, s));
      expect(
        sizes.reduce((a, b) => a + b, 0),
        String(numRuns),
      ).toBe(numRuns);
    }
    expect(batchLength(300, 0)).toBe(256);
    expect(batchLength(300, 1)).toBe(44);
    expect(batchLength(300, 2)).toBe(0);
    expect(scenariosOf(300, { index: 4, count: 4 })).toBe(0);
  });

  it("asks of each shard its share of the profile's floor of scenarios, the shares adding up to at least the floor", () => {
    const budget = profiles.default;
    const floors = shards(4).map((s) => shardBudget(budget, s).minimum?.generated ?? 0);
    expect(floors.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(budget.minimum.generated);
    for (const s of shards(4)) {
      const b = shardBudget(budget, s);
      expect(b.minimum?.generated ?? 0).toBeLessThanOrEqual(b.numRuns);
    }
    expect(shardBudget(budget, undefined)).toBe(budget);
  });
});
