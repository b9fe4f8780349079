import fc from "fast-check";

/**
 * The answers a plain draw got from its random source, in the order it asked: a drawn value is a
 * function of them. Replaying altered answers through the same draw gives a value the generator
 * itself made (valid, coherent, in scope), which is how a plain draw shrinks without a combinator
 * tree (Hypothesis's integrated shrinking): answers moved towards the simplest in their range, runs
 * of answers deleted, missing answers taken as the simplest.
 */
export type Choice = number | bigint;

export interface Choices {
  readonly made: readonly Choice[];
  /** The simplest answer each question admitted: where a shrunk answer goes. */
  readonly simplest: readonly Choice[];
}

// fast-check's own bounds for nextInt() without arguments, and nextDouble's two draws.
const minInt = -2147483648;
const maxInt = 2147483647;
const doubleFactor = 2 ** 27;
const doubleDivisor = 2 ** -53;

/** A generator fast-check's Random never asks: every method that would is overridden below. */
const noSource = {
  clone() {
    return this;
  },
  next: () => 0,
  jump() {},
};

function nearestZero<T extends Choice>(min: T, max: T): T {
  if (min > 0) return min;
  if (max < 0) return max;
  return (typeof min === "bigint" ? 0n : 0) as T;
}

/** A random source whose every answer is written down with the simplest answer it could have been. */
abstract class Noted extends fc.Random {
  readonly made: Choice[] = [];
  readonly simplest: Choice[] = [];
  constructor() {
    super(noSource as never);
  }
  protected abstract answer<T extends Choice>(min: T, max: T): T;
  override nextInt(min: number = minInt, max: number = maxInt): number {
    const v = this.answer(min, max);
    this.made.push(v);
    this.simplest.push(nearestZero(min, max));
    return v;
  }
  override nextBigInt(min: bigint, max: bigint): bigint {
    const v = this.answer(min, max);
    this.made.push(v);
    this.simplest.push(nearestZero(min, max));
    return v;
  }
  override next(bits: number): number {
    return this.nextInt(0, (1 << bits) - 1);
  }
  override nextBoolean(): boolean {
    return this.nextInt(0, 1) === 1;
  }
  override nextDouble(): number {
    const a = this.next(26);
    const b = this.next(27);
    return (a * doubleFactor + b) * doubleDivisor;
  }
}

/** The answers of a real source, written down. */
class Recording extends Noted {
  private readonly source: fc.Random;
  constructor(source: fc.Random) {
    super();
    this.source = source;
  }
  protected answer<T extends Choice>(min: T, max: T): T {
    return (
      typeof min === "bigint" ? this.source.nextBigInt(min, max as bigint) : this.source.nextInt(min, max as number)
    ) as T;
  }
  override clone(): fc.Random {
    return new Recording(this.source.clone());
  }
}

/** A draw that asked more than its budget: a replay that loops (a rejection that never passes). */
class Overrun extends Error {}

/** Given answers, each kept inside the range asked; past their end, the simplest. */
class Replaying extends Noted {
  private at = 0;
  private readonly given: readonly Choice[];
  private readonly budget: number;
  constructor(given: readonly Choice[], budget: number) {
    super();
    this.given = given;
    this.budget = budget;
  }
  protected answer<T extends Choice>(min: T, max: T): T {
    if (this.at >= this.budget) throw new Overrun();
    const g = this.given[this.at++];
    if (g === undefined || typeof g !== typeof min) return nearestZero(min, max);
    return (g < min ? min : g > max ? max : g) as T;
  }
  override clone(): fc.Random {
    return new Replaying(this.given.slice(this.at), this.budget - this.at);
  }
}

/** The answers `draw` gets from `source`. */
export function record<T>(draw: (rng: fc.Random) => T, source: fc.Random): Choices {
  const r = new Recording(source);
  draw(r);
  return { made: r.made, simplest: r.simplest };
}

/** The value `draw` makes of these answers and the answers it took, or undefined if it looped. */
export function replay<T>(draw: (rng: fc.Random) => T, given: readonly Choice[]): [T, Choices] | undefined {
  const r = new Replaying(given, given.length * 2 + 1000);
  try {
    const value = draw(r);
    return [value, { made: r.made, simplest: r.simplest }];
  } catch (e) {
    if (e instanceof Overrun) return undefined;
    throw e;
  }
}

const distance = (c: Choice, s: Choice): Choice =>
  c > s ? (c as number) - (s as number) : (s as number) - (c as number);

/** Fewer answers, or as many with the first difference nearer the simplest: shrinking ends. */
export function simpler(a: Choices, b: Choices): boolean {
  if (a.made.length !== b.made.length) return a.made.length < b.made.length;
  for (let i = 0; i < a.made.length; i++) {
    const da = distance(a.made[i] as Choice, a.simplest[i] as Choice);
    const db = distance(b.made[i] as Choice, b.simplest[i] as Choice);
    if (da !== db) return da < db;
  }
  return false;
}
