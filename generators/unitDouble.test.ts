// drawUnitDouble asks the source for 32-bit words where fast-check asks for one bigint: the same
// double and the source left in the same state, biased or not, on every branch of uniformBigInt.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { drawn } from "./draw.ts";
import { drawUnitDouble, drawUnitRoll, unitDouble } from "./unitDouble.ts";

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

describe("drawUnitDouble and drawUnitRoll", () => {
  it("draws fc.double's value and leaves the source as it does, at every bias", () => {
    fc.assert(
      fc.property(
        drawn((rng) => rng.clone()),
        (rng) => {
          for (const bias of biases) {
            const mine = rng.clone();
            const theirs = rng.clone();
            const rolled = rng.clone();
            expect(drawUnitDouble(mine, bias)).toBe(unitDouble.generate(theirs, bias).value);
            // drawUnitRoll asks the source what drawUnitDouble asks: the draws after it are the same.
            drawUnitRoll(rolled, bias);
            const next = theirs.nextInt(0, 0xffffffff);
            expect(mine.nextInt(0, 0xffffffff)).toBe(next);
            expect(rolled.nextInt(0, 0xffffffff)).toBe(next);
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
          const rolling = new Counting(rng.clone());
          drawUnitRoll(rolling, undefined);
          expect(rolling.bigints).toBe(1);
        },
      ),
      { numRuns: 200, seed: 7 },
    );
  });
});

describe("drawUnitRoll", () => {
  // unitDouble is uniform over the doubles' bit patterns: 0.15 lies above 99 % of them, so a roll
  // against a rate of 15 % held nearly always. A roll must hold as often as its rate says.
  it("holds a rate as often as the rate says, where unitDouble held it nearly always", () => {
    // Unbiased: a biased draw is an edge (0 or 1) on purpose.
    const rolls = fc.sample(
      drawn((rng) => drawUnitRoll(rng, undefined)),
      { numRuns: 20_000, seed: 20261207 },
    );
    const doubles = fc.sample(
      drawn((rng) => drawUnitDouble(rng, undefined)),
      { numRuns: 20_000, seed: 20261207 },
    );
    const share = (xs: number[], rate: number) => xs.filter((x) => x < rate).length / xs.length;
    for (const rate of [0.15, 0.25, 0.5, 0.9]) expect(Math.abs(share(rolls, rate) - rate)).toBeLessThan(0.015);
    expect(share(doubles, 0.15)).toBeGreaterThan(0.99);
    expect(rolls.every((x) => x >= 0 && x <= 1)).toBe(true);
  });
});
