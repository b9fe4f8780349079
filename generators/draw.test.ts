// The plain draws ask fast-check's random source what the combinators they replace ask it: the
// same seed gives the same values (and a fast-check upgrade that changes its draws shows here).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Draw } from "./draw.ts";
import {
  arrayOf,
  dictionaryOf,
  drawn,
  optional,
  optionalKey,
  pick,
  recordOf,
  uniqueArrayOf,
  weighted,
} from "./draw.ts";

const letters = ["a", "b", "c", "d", "e"];
const letter: Draw<string> = (rng) => pick(rng, letters);

/** Both arbitraries sampled at the same seeds, as a run samples them (with bias). */
function same<T>(mine: fc.Arbitrary<T>, theirs: fc.Arbitrary<T>): void {
  for (const seed of [1, 2, 3, 42]) {
    const a = fc.sample(mine, { numRuns: 200, seed });
    const b = fc.sample(theirs, { numRuns: 200, seed });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(a.map((x) => x !== null && typeof x === "object" && Object.getPrototypeOf(x) === null)).toEqual(
      b.map((x) => x !== null && typeof x === "object" && Object.getPrototypeOf(x) === null),
    );
  }
}

describe("plain draws against fast-check's combinators", () => {
  it("pick is constantFrom, one value drawing nothing", () => {
    same(
      drawn((rng) => [pick(rng, letters), pick(rng, ["only"]), pick(rng, letters)]),
      fc.tuple(fc.constantFrom(...letters), fc.constantFrom("only"), fc.constantFrom(...letters)),
    );
  });

  it("weighted is oneof, zero weights included", () => {
    const arbs = [fc.constant("x"), fc.constantFrom(...letters), fc.constant("never"), fc.constant("z")];
    const weights = [3, 5, 0, 1];
    same(
      drawn((rng) => {
        const i = weighted(rng, weights);
        return i === 1 ? pick(rng, letters) : ["x", "", "never", "z"][i];
      }),
      fc.oneof(...arbs.map((arbitrary, i) => ({ arbitrary, weight: weights[i] as number }))),
    );
  });

  it("optional is option", () => {
    same(
      drawn((rng) => [optional(rng) ? pick(rng, letters) : undefined, optional(rng, 2) ? pick(rng, letters) : null]),
      fc.tuple(
        fc.option(fc.constantFrom(...letters), { nil: undefined }),
        fc.option(fc.constantFrom(...letters), { freq: 2 }),
      ),
    );
  });

  it("recordOf is record, optional keys and null prototypes included", () => {
    same(
      drawn((rng, bias) =>
        Object.keys(recordOf(rng, { a: letter(rng, bias), b: optionalKey(rng, () => letter(rng, bias)) })),
      ),
      fc
        .record({ a: fc.constantFrom(...letters), b: fc.constantFrom(...letters) }, { requiredKeys: ["a"] })
        .map(Object.keys),
    );
    same(
      drawn((rng, bias) => recordOf(rng, { a: letter(rng, bias), b: optionalKey(rng, () => letter(rng, bias)) })),
      fc.record({ a: fc.constantFrom(...letters), b: fc.constantFrom(...letters) }, { requiredKeys: ["a"] }),
    );
  });

  it("arrayOf is array, uniqueArrayOf is uniqueArray, with and without a minimum", () => {
    for (const [minLength, maxLength] of [
      [0, 1],
      [0, 3],
      [1, 3],
      [1, 2],
      [2, 5],
    ] as const) {
      same(
        drawn((rng, bias) => arrayOf(rng, bias, { minLength, maxLength }, letter)),
        fc.array(fc.constantFrom(...letters), { minLength, maxLength }),
      );
      same(
        drawn((rng, bias) => uniqueArrayOf(rng, bias, { minLength, maxLength }, letter)),
        fc.uniqueArray(fc.constantFrom(...letters), { minLength, maxLength }),
      );
    }
  });

  it("dictionaryOf is dictionary without null prototypes", () => {
    same(
      drawn((rng, bias) => dictionaryOf(rng, bias, { minLength: 1, maxLength: 3 }, letter, letter)),
      fc.dictionary(fc.constantFrom(...letters), fc.constantFrom(...letters), {
        minKeys: 1,
        maxKeys: 3,
        noNullPrototype: true,
      }),
    );
  });

  it("items get the bias the array gives them", () => {
    const biased = fc.integer({ min: 0, max: 1000 });
    same(
      drawn((rng, bias) => arrayOf(rng, bias, { maxLength: 4 }, (r, b) => biased.generate(r, b).value)),
      fc.array(biased, { maxLength: 4 }),
    );
  });
});
