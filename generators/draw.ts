import type fc from "fast-check";
import type { Draw } from "./drawn.ts";
import { Drawn } from "./drawn.ts";
import { labelObject } from "./labelObject.ts";

/**
 * Drawing without fast-check's combinators. A scenario used to be a chain of chains, maps, records
 * and oneofs, each value wrapped with the context fast-check keeps to shrink it, and the
 * arbitraries inside a chain built anew for every draw: generating cost ten times deciding. A
 * generator draws in plain code from fast-check's random source instead, and its arbitrary shrinks
 * by replaying the draw with simpler answers (generators/drawn.ts).
 *
 * The helpers below ask the source exactly what the combinators they replace ask it, in the same
 * order (fast-check 4: constantFrom, oneof, option, record), so that a seed draws the very
 * scenarios it drew before; the leaves (double, string, arrays, dictionaries) stay fast-check's own.
 */
export type { Draw } from "./drawn.ts";

/** An arbitrary that draws with `draw`, and shrinks by replaying it (generators/drawn.ts). */
export function drawn<T>(draw: Draw<T>): fc.Arbitrary<T> {
  return new Drawn(draw);
}

/** A value of a fast-check arbitrary, from the same source. */
export function take<T>(arb: fc.Arbitrary<T>, rng: fc.Random, bias: number | undefined): T {
  // A plain draw inside another needs no origin of its own: it is shrunk as part of the outer one.
  if (arb instanceof Drawn) return arb.draw(rng, bias);
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

/** weighted(rng, [w0, w1]) without an array of the two weights: 0 or 1. */
export function twoWay(rng: fc.Random, w0: number, w1: number): number {
  return rng.nextInt(0, w0 + w1 - 1) < w0 ? 0 : 1;
}

/** fc.option(arb, { nil: undefined, freq }): whether the value is drawn (else undefined). */
export function optional(rng: fc.Random, freq = 6): boolean {
  return rng.nextInt(0, freq - 1) >= 1;
}

/**
 * The object fc.record builds, without `noNullPrototype`: its fields drawn first, then whether
 * it has a null prototype; `undefined` fields of an optional key are left out.
 */
export function recordOf<T extends object>(rng: fc.Random, fields: T): T {
  // fc.boolean() draws without bias.
  const nullPrototype = rng.nextInt(0, 1) === 1;
  // The caller's literal is the record when every key was drawn (a copy key by key cost a
  // fortieth of a scenario's draw); else the keys drawn are copied, in order.
  let complete = true;
  for (const k in fields)
    if (fields[k] === absent) {
      complete = false;
      break;
    }
  const obj = complete ? fields : withoutAbsent(fields);
  // Object.create(null) would make a dictionary-mode object, slower for every reader (the model
  // decides on it, a run copies it); a plain object whose prototype is then dropped stays fast.
  return (nullPrototype ? Object.setPrototypeOf(obj, null) : obj) as T;
}

function withoutAbsent<T extends object>(fields: T): T {
  const obj: Record<string, unknown> = {};
  for (const k in fields) {
    const v = fields[k];
    if (v !== absent) obj[k] = v;
  }
  return obj as T;
}

/**
 * What fc.record asks of the source after its fields (whether its object has a null prototype),
 * for a record whose fields are drawn one by one and whose object is built otherwise.
 */
export function recordDrawn(rng: fc.Random): void {
  rng.nextInt(0, 1);
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
  const once = cached<K, A>(limit);
  return (key) => once(key, () => build(key));
}

/** memo() for a value built from more than its key: the key says what the building reads. */
export function cached<K, A>(limit = 10_000): (key: K, build: () => A) => A {
  const cache = new Map<K, A>();
  return (key, build) => {
    let a = cache.get(key);
    if (a === undefined) {
      if (cache.size >= limit) cache.clear();
      a = build();
      cache.set(key, a);
    }
    return a;
  };
}

/** The bias of the items of the array whose length arrayLength drew last. */
let itemBias: number | undefined;

/**
 * fast-check 4's ArrayArbitrary at the default size: the length it draws; the bias its items are
 * drawn with (none, or the array's own) is left in `itemBias`, read by the caller at once (a pair
 * returned per array was an allocation for each of the dozens of arrays a scenario draws).
 */
function arrayLength(rng: fc.Random, bias: number | undefined, min: number, max: number): number {
  const maxGenerated = Math.min(2 * min + 10, max);
  itemBias = bias;
  if (bias === undefined) return rng.nextInt(min, maxGenerated);
  if (min === maxGenerated) return rng.nextInt(min, maxGenerated);
  itemBias = undefined;
  if (rng.nextInt(1, bias) !== 1) return rng.nextInt(min, maxGenerated);
  itemBias = bias;
  if (rng.nextInt(1, bias) !== 1) return rng.nextInt(min, maxGenerated);
  const biasedMax = min + Math.floor(Math.log(maxGenerated - min) / Math.log(2));
  return rng.nextInt(min, biasedMax);
}

export interface Lengths {
  readonly minLength?: number;
  readonly maxLength: number;
}

/**
 * A draw given what it reads besides the source: arrays draw their items with a function of the
 * module and the context they are given, not a closure made for each array (a draw makes dozens
 * of arrays a scenario, and under tsx every closure is also given its name).
 */
export type DrawIn<C, T> = (rng: fc.Random, bias: number | undefined, context: C) => T;

/** fc.array(item, lengths), an array of its own length (see `exact`). */
export function arrayOf<T, C = undefined>(
  rng: fc.Random,
  bias: number | undefined,
  lengths: Lengths,
  item: DrawIn<C, T>,
  context?: C,
): T[] {
  const n = arrayLength(rng, bias, lengths.minLength ?? 0, lengths.maxLength);
  const b = itemBias;
  const out: T[] = [];
  for (let i = 0; i < n; i++) out.push(item(rng, b, context as C));
  return exact(out);
}

/**
 * fc.array(item, lengths).map((xs) => xs.join(separator)), each item appended as it is drawn:
 * no array (a label's characters were pushed one by one, then joined, at twice the cost).
 */
export function joinedOf<C>(
  rng: fc.Random,
  bias: number | undefined,
  lengths: Lengths,
  item: DrawIn<C, string>,
  context: C,
  separator: string,
): string {
  const n = arrayLength(rng, bias, lengths.minLength ?? 0, lengths.maxLength);
  const b = itemBias;
  let s = "";
  for (let i = 0; i < n; i++) {
    const x = item(rng, b, context);
    s = i === 0 ? x : s + separator + x;
  }
  return s;
}

/**
 * The items in an array of their own length: an array grown by push from [] holds room for 17
 * (152 bytes of elements for one or two items), which a scenario keeps in each of its lists, for
 * the collector to copy and promote; a slice holds only the items.
 */
function exact<T>(xs: T[]): T[] {
  return xs.length === 0 ? xs : xs.slice();
}

/** fc.constantFrom(...xs) as an array's item: pick with the tokens as its context. */
export function pickIn<T>(rng: fc.Random, _bias: number | undefined, xs: readonly T[]): T {
  return pick(rng, xs);
}

const itself = <T>(t: T): unknown => t;

/**
 * fc.shuffledSubarray(xs, { minLength, maxLength }): the length (biased now and then towards the
 * shortest, as SubarrayArbitrary does), then each item taken out of those left.
 */
export function shuffledSubarray<T>(
  rng: fc.Random,
  bias: number | undefined,
  xs: readonly T[],
  min: number,
  max: number,
): T[] {
  const biased = bias !== undefined && rng.nextInt(1, bias) === 1;
  const n = rng.nextInt(min, biased && min !== max ? min + Math.floor(Math.log(max - min) / Math.log(2)) : max);
  // Each item is the j-th of those left, as a copy of xs spliced item by item gives it: the j-th
  // index not taken yet, found from the taken ones in ascending order (a copy of a list of 51
  // types for every realm cost more than these few comparisons).
  const taken: number[] = [];
  const out: T[] = [];
  for (let i = 0; i < n; i++) {
    let at = rng.nextInt(0, xs.length - 1 - i);
    let k = 0;
    for (; k < taken.length && (taken[k] as number) <= at; k++) at++;
    taken.splice(k, 0, at);
    out.push(xs[at] as T);
  }
  return out;
}

/**
 * fc.uniqueArray(item, { ...lengths, selector }): items whose selected value is already in are
 * drawn again (as many times in a row as the array's generated length allows); an array shorter
 * than minLength is drawn again whole.
 */
export function uniqueArrayOf<T, C = undefined>(
  rng: fc.Random,
  bias: number | undefined,
  lengths: Lengths,
  item: DrawIn<C, T>,
  selector: (t: T) => unknown = itself,
  context?: C,
): T[] {
  return exact(uniqueItems(rng, bias, lengths, item, selector, context));
}

function uniqueItems<T, C>(
  rng: fc.Random,
  bias: number | undefined,
  lengths: Lengths,
  item: DrawIn<C, T>,
  selector: (t: T) => unknown,
  context?: C,
): T[] {
  const min = lengths.minLength ?? 0;
  const maxGenerated = Math.min(2 * min + 10, lengths.maxLength);
  for (;;) {
    const n = arrayLength(rng, bias, min, lengths.maxLength);
    const b = itemBias;
    // These arrays are short (at most a few items): the items kept are scanned for the key, as a
    // Set would compare them (SameValueZero), without a Set or an array of keys beside them.
    const items: T[] = [];
    for (let skipped = 0; items.length < n && skipped < maxGenerated; ) {
      const t = item(rng, b, context as C);
      if (holdsKey(items, selector(t), selector)) skipped++;
      else {
        items.push(t);
        skipped = 0;
      }
    }
    if (items.length >= min) return items;
  }
}

/** Whether an item's selected value is `key` (SameValueZero, as Array.prototype.includes). */
function holdsKey<T>(items: readonly T[], key: unknown, selector: (t: T) => unknown): boolean {
  for (const t of items) {
    const k = selector(t);
    if (k === key || (Number.isNaN(k) && Number.isNaN(key))) return true;
  }
  return false;
}

/** What a dictionary's entries are drawn with: its key and value draws, given their context. */
export interface EntryDraws<C> {
  readonly key: DrawIn<C, string>;
  readonly value: DrawIn<C, string>;
  readonly context: C;
}

const drawEntry = <C>(r: fc.Random, b: number | undefined, d: EntryDraws<C>) =>
  [d.key(r, b, d.context), d.value(r, b, d.context)] as const;
const keyOf = (e: readonly [string, string]) => e[0];

/** fc.dictionary(key, value, { ...lengths, noNullPrototype: true }): unique keys, each key then its value. */
export function dictionaryOf<C = undefined>(
  rng: fc.Random,
  bias: number | undefined,
  lengths: Lengths,
  key: DrawIn<C, string>,
  value: DrawIn<C, string>,
  context?: C,
): Record<string, string> {
  return labelObject(dictionaryEntries(rng, bias, lengths, { key, value, context: context as C }));
}

/** The entries dictionaryOf draws, in order, for a caller that builds the object itself. */
export function dictionaryEntries<C>(
  rng: fc.Random,
  bias: number | undefined,
  lengths: Lengths,
  draws: EntryDraws<C>,
): (readonly [string, string])[] {
  return uniqueItems(rng, bias, lengths, drawEntry<C>, keyOf, draws);
}
