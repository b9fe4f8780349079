// drawUnitDouble asks the source for 32-bit words where fast-check asks for one bigint: the same
// double and the source left in the same state, biased or not, on every branch of uniformBigInt.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { drawn } from "./draw.ts";
import { drawUnitDouble, unitDouble } from "./unitDouble.ts";

const biases = [undefined, 1, 2, 3, 10];

/** A source of another class, as choices.ts writes answers down: it counts the bigints asked. */
class Counting extends fc.Random {
  bigints = 0;
  private readonly source: fc.Random;
  constructor(source: fc.Random) {
    super({ clone: () => ({}), next: () => 0, jump: () => {} } as never);
    this.source = source;
  }
  override nextInt(min = -2147483648, max = 2147483647): number {
    return this.source.nextInt(min, max);
  }
  override nextBigInt(min: bigint, max: bigint): bigint {
    this.bigints++;
    return this.source.nextBigInt(min, max);
  }
}

describe("drawUnitDouble", () => {
  it("draws fc.double's value and leaves the source as it does, at every bias", () => {
    fc.assert(
      fc.property(
        drawn((rng) => rng.clone()),
        (rng) => {
          for (const bias of biases) {
            const mine = rng.clone();
            const theirs = rng.clone();
            expect(drawUnitDouble(mine, bias)).toBe(unitDouble.generate(theirs, bias).value);
            expect(mine.nextInt(0, 0xffffffff)).toBe(theirs.nextInt(0, 0xffffffff));
          }
        },
      ),
      { numRuns: 3000, seed: 20261207 },
    );
  });

  it("draws the same values as fc.double sampled at fixed seeds", () => {
    for (const seed of [1, 2, 3, 42]) {
      const mine = fc.sample(drawn(drawUnitDouble), { numRuns: 500, seed });
      expect(mine).toEqual(fc.sample(unitDouble, { numRuns: 500, seed }));
    }
  });

  it("asks a source of another class for one bigint, as fast-check does", () => {
    fc.assert(
      fc.property(
        drawn((rng) => rng.clone()),
        (rng) => {
          const counting = new Counting(rng.clone());
          expect(drawUnitDouble(counting, undefined)).toBe(unitDouble.generate(rng.clone(), undefined).value);
          expect(counting.bigints).toBe(1);
        },
      ),
      { numRuns: 200, seed: 7 },
    );
  });
});
