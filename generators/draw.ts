import fc from "fast-check";

/**
 * Drawing without fast-check's combinators. A scenario used to be a chain of chains, maps, records
 * and oneofs, each value wrapped with the context fast-check keeps to shrink it, and the
 * arbitraries inside a chain built anew for every draw: generating cost ten times deciding. The
 * runner never lets fast-check shrink a scenario (suites/shrink reduces a failure), so a generator
 * may draw in plain code from fast-check's random source instead.
 *
 * The helpers below ask the source exactly what the combinators they replace ask it, in the same
 * order (fast-check 4: constantFrom, oneof, option, record), so that a seed draws the very
 * scenarios it drew before; the leaves (double, string, arrays, dictionaries) stay fast-check's own.
 */
export type Draw<T> = (rng: fc.Random, bias: number | undefined) => T;

/** An arbitrary that draws with `draw` and does not shrink. */
class Drawn<T> extends fc.Arbitrary<T> {
  private readonly draw: Draw<T>;
  constructor(draw: Draw<T>) {
    super();
    this.draw = draw;
  }
  generate(rng: fc.Random, bias: number | undefined): fc.Value<T> {
    return new fc.Value(this.draw(rng, bias), undefined);
  }
  canShrinkWithoutContext(_value: unknown): _value is T {
    return false;
  }
  shrink(): fc.Stream<fc.Value<T>> {
    return fc.Stream.nil();
  }
}

export function drawn<T>(draw: Draw<T>): fc.Arbitrary<T> {
  return new Drawn(draw);
}

/** A value of a fast-check arbitrary, from the same source. */
export function take<T>(arb: fc.Arbitrary<T>, rng: fc.Random, bias: number | undefined): T {
  return arb.generate(rng, bias).value;
}

/** fc.constantFrom(...xs): one value asks nothing of the source. */
export function pick<T>(rng: fc.Random, xs: readonly T[]): T {
  return xs[xs.length === 1 ? 0 : rng.nextInt(0, xs.length - 1)] as T;
}

/** fc.oneof over arbitraries of these weights (not nested in itself): the index it chooses. */
export function weighted(rng: fc.Random, weights: readonly number[]): number {
  let total = 0;
  for (const w of weights) total += w;
  let selected = rng.nextInt(0, total - 1);
  for (let i = 0; i < weights.length; i++) {
    selected -= weights[i] as number;
    if (selected < 0) return i;
  }
  throw new Error("weighted(): no weight left");
}

/** fc.option(arb, { nil: undefined, freq }): whether the value is drawn (else undefined). */
export function optional(rng: fc.Random, freq = 6): boolean {
  return rng.nextInt(0, freq - 1) >= 1;
}

const nullPrototype = fc.boolean();

/**
 * The object fc.record builds, without `noNullPrototype`: its fields drawn first, then whether
 * it has a null prototype; `undefined` fields of an optional key are left out.
 */
export function recordOf<T extends object>(rng: fc.Random, bias: number | undefined, fields: T): T {
  const obj = take(nullPrototype, rng, bias) ? Object.create(null) : {};
  for (const [k, v] of Object.entries(fields)) if (v !== absent) obj[k] = v;
  return obj;
}

/** An optional key of a record that was not drawn. */
export const absent: never = Symbol("absent") as never;

/** A record's optional key: fc.option(arb, { nil: <no key> }), of default frequency. */
export function optionalKey<T>(rng: fc.Random, draw: () => T): T {
  return optional(rng) ? draw() : absent;
}

/**
 * One arbitrary per key, built once: for arbitraries built from drawn values that recur (a
 * vocabulary, a resource's operations), whose building costs more than their drawing.
 */
export function memo<K, A>(build: (key: K) => A, limit = 10_000): (key: K) => A {
  const cache = new Map<K, A>();
  return (key) => {
    let a = cache.get(key);
    if (a === undefined) {
      if (cache.size >= limit) cache.clear();
      a = build(key);
      cache.set(key, a);
    }
    return a;
  };
}

/**
 * A fast-check collection (fc.array, fc.uniqueArray) of items drawn by a function given at each
 * draw: the collection asks the source for its length and each item as it always did, and the
 * item arbitrary is not built anew per draw. The items are drawn with the bias the collection
 * gives them (not the caller's).
 */
export function collectionOf<T>(
  build: (item: fc.Arbitrary<T>) => fc.Arbitrary<T[]>,
): (rng: fc.Random, bias: number | undefined, item: Draw<T>) => T[] {
  let current: Draw<T> | undefined;
  const arb = build(drawn((rng, bias) => (current as Draw<T>)(rng, bias)));
  return (rng, bias, item) => {
    const outer = current;
    current = item;
    try {
      return take(arb, rng, bias);
    } finally {
      current = outer;
    }
  };
}

/** fc.double({ min: 0, max: 1, noNaN: true }), a roll against a rate. */
export const unitDouble = fc.double({ min: 0, max: 1, noNaN: true });
