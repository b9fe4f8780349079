// `run --shard i/n`: the i-th of n disjoint shares of a run's work, so that a CI matrix can run
// them side by side and `merge-reports` put their reports together into the unsharded run's. Each
// share is what the unsharded run on the same seed does, cut so that the union of the n shares is
// all of it: corpus tests by a stable hash of the test, generated scenarios by batch (each batch
// drawn with its own derived seed, seeds.ts), invariants by their index.
import type { RunBudget, Shard } from "./options.ts";

/** Generated scenarios are drawn in batches of this size, each from its own seed. */
export const batchSize = 256;

/** Whether the n-th unit of a phase (a batch, an invariant) is this shard's; every unit without one. */
export function inShard(shard: Shard | undefined, n: number): boolean {
  return shard === undefined || n % shard.count === shard.index - 1;
}

/**
 * Whether the corpus test named `id` is this shard's: FNV-1a of the id, so that every shard, on any
 * machine, puts a test in the same share whatever else the corpus holds.
 */
export function testInShard(shard: Shard | undefined, id: string): boolean {
  if (shard === undefined) return true;
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return (h >>> 0) % shard.count === shard.index - 1;
}

/** The size of generated batch `batch` of a run of `numRuns` scenarios: 0 past the last. */
export function batchLength(numRuns: number, batch: number): number {
  return Math.max(0, Math.min(batchSize, numRuns - batch * batchSize));
}

/** The generated scenarios that are the shard's, of `numRuns`: the sizes of its batches. */
export function scenariosOf(numRuns: number, shard: Shard | undefined): number {
  if (shard === undefined || numRuns >= Number.MAX_SAFE_INTEGER) return numRuns;
  let n = 0;
  for (let batch = shard.index - 1; batchLength(numRuns, batch) > 0; batch += shard.count)
    n += batchLength(numRuns, batch);
  return n;
}

/**
 * The budget a shard answers for: its share of the scenarios, and of the profile's floor of them
 * in proportion (rounded up, so that the shares' floors add up to at least the whole floor).
 */
export function shardBudget(budget: RunBudget, shard: Shard | undefined): RunBudget {
  if (shard === undefined) return budget;
  const numRuns = scenariosOf(budget.numRuns, shard);
  const whole = budget.numRuns >= Number.MAX_SAFE_INTEGER;
  const floor = budget.minimum?.generated;
  const generated =
    floor === undefined ? undefined : Math.ceil(whole ? floor / shard.count : (floor * numRuns) / budget.numRuns);
  return {
    ...budget,
    numRuns,
    ...(budget.minimum && generated !== undefined && { minimum: { ...budget.minimum, generated } }),
  };
}

/** "2/4" → the second of four shares; undefined when it is not one. */
export function parseShard(text: string): Shard | undefined {
  const m = /^(\d{1,6})\/(\d{1,6})$/.exec(text.trim());
  if (m === null) return undefined;
  const index = Number(m[1]);
  const count = Number(m[2]);
  return index >= 1 && index <= count ? { index, count } : undefined;
}
