// A plain draw shrinks by replaying simpler answers: the counterexample fast-check reports is one
// the draw itself makes, and as small as the property allows.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { record, replay } from "./choices.ts";
import type { Draw } from "./draw.ts";
import { arrayOf, drawn, optional, pick, uniqueArrayOf } from "./draw.ts";

const ints: Draw<number[]> = (rng, bias) => arrayOf(rng, bias, { maxLength: 20 }, (r) => r.nextInt(-50, 1000));

const counterexample = <T>(arb: fc.Arbitrary<T>, holds: (t: T) => boolean, seed = 5): T => {
  const details = fc.check(fc.property(arb, holds), { seed, numRuns: 200 });
  expect(details.failed).toBe(true);
  return (details.counterexample as [T])[0];
};

describe("a drawn arbitrary's shrinking", () => {
  it("finds the smallest failing list: one item, at the bound", () => {
    expect(counterexample(drawn(ints), (xs) => xs.every((x) => x < 300))).toEqual([300]);
  });

  it("keeps every shrunk value one the draw makes (an even count of picks)", () => {
    const pairs = drawn((rng, bias) =>
      arrayOf(rng, bias, { minLength: 1, maxLength: 6 }, (r) => [pick(r, ["a", "b"]), pick(r, ["c", "d"])] as const),
    );
    const seen: (readonly (readonly string[])[])[] = [];
    counterexample(pairs, (ps) => {
      seen.push(ps);
      return !ps.some(([x, y]) => x === "b" && y === "d");
    });
    for (const ps of seen) {
      expect(ps.length).toBeGreaterThanOrEqual(1);
      for (const p of ps) expect(p).toHaveLength(2);
    }
  });

  it("shrinks an optional part away when the failure does not need it", () => {
    const arb = drawn((rng, bias) => ({
      extra: optional(rng) ? arrayOf(rng, bias, { maxLength: 5 }, (r) => r.nextInt(0, 9)) : undefined,
      n: rng.nextInt(0, 100),
    }));
    expect(counterexample(arb, (v) => v.n < 10)).toEqual({ extra: undefined, n: 10 });
  });
});

describe("replaying answers", () => {
  it("gives the value drawn from the answers written down", () => {
    // fast-check's own source at a seed, as a run hands it to a draw.
    const [source] = fc.sample(
      drawn((rng) => rng.clone()),
      { seed: 7, numRuns: 1 },
    ) as [fc.Random];
    const draw = (rng: fc.Random) => ints(rng, undefined);
    const before = source.clone();
    const value = draw(source);
    const c = record(draw, before);
    expect(replay(draw, c.made)?.[0]).toEqual(value);
  });

  it("stops a draw that would loop on its simplest answers (a unique array of one value)", () => {
    const draw = (rng: fc.Random) => uniqueArrayOf(rng, undefined, { minLength: 2, maxLength: 4 }, () => "same");
    expect(replay(draw, [])).toBeUndefined();
  });
});
