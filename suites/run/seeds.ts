// The seeds a run's batches are drawn with, derived from the run's seed by a hash: batch b of seed s
// was `s + b`, so that seed 2 replayed seed 1's batches shifted by one (issue 23). Hashed, the
// streams of different seeds, and of different phases of one seed, do not line up.

/** The streams a run draws: each phase's samples apart from the others'. */
export type SeedStream = "generated" | "invariants";

const streamSalt: Record<SeedStream, number> = { generated: 0x9e3779b9, invariants: 0x7f4a7c15 };

/** murmur3's 32-bit finaliser: a bijection on 32 bits that spreads every input bit over the output. */
function fmix32(x: number): number {
  let h = x >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * The seed of batch `index` of `stream` in a run seeded `seed` (any whole number; above 2^32 its
 * high bits are folded in). For one seed and stream, distinct indexes give distinct seeds (fmix32 is
 * a bijection); across seeds the outputs are as good as independent 32-bit values.
 */
export function derivedSeed(seed: number, stream: SeedStream, index: number): number {
  const high = Math.floor(seed / 2 ** 32);
  const base = fmix32(fmix32(seed >>> 0) ^ fmix32(high ^ streamSalt[stream]));
  return fmix32(base + index) | 0;
}
