import fc from "fast-check";
import type { Choice, Choices } from "./choices.ts";
import { record, replay, simpler } from "./choices.ts";

/** A draw in plain code from fast-check's random source (generators/draw.ts). */
export type Draw<T> = (rng: fc.Random, bias: number | undefined) => T;

/**
 * Where a drawn value came from: the source as it stood before the draw (its answers written down
 * only when fast-check asks to shrink, so that drawing costs no bookkeeping), or the answers of a
 * value shrinking made, with the move to try first.
 */
class Origin {
  readonly bias: number | undefined;
  readonly before: fc.Random | undefined;
  readonly choices: Choices | undefined;
  readonly from: number;
  constructor(bias: number | undefined, before: fc.Random | undefined, choices: Choices | undefined, from: number) {
    this.bias = bias;
    this.before = before;
    this.choices = choices;
    this.from = from;
  }
}

type Move = readonly ["delete" | "simplest" | "toward", number, number];

/**
 * Runs of answers deleted (the longest first), then each answer set to its simplest, then moved
 * towards it by half the gap, a quarter, and so on to one step (fast-check's integer shrinking).
 */
function moves(c: Choices): Move[] {
  const n = c.made.length;
  const out: Move[] = [];
  let size = 1;
  while (size * 2 <= n) size *= 2;
  for (; size >= 1; size /= 2) for (let i = 0; i + size <= n; i += size) out.push(["delete", i, size]);
  for (let i = 0; i < n; i++) if (c.made[i] !== c.simplest[i]) out.push(["simplest", i, 0]);
  for (let i = 0; i < n; i++) {
    const gap = Math.abs(Number(c.made[i]) - Number(c.simplest[i]));
    for (let k = 1; gap / 2 ** k >= 1; k++) out.push(["toward", i, k]);
  }
  return out;
}

function applied(c: Choices, [kind, i, k]: Move): Choice[] {
  const made = [...c.made];
  if (kind === "delete") made.splice(i, k);
  else
    made[i] = kind === "simplest" ? (c.simplest[i] as Choice) : toward(made[i] as Choice, c.simplest[i] as Choice, k);
  return made;
}

/** m moved towards s by the gap over 2^k. */
function toward(m: Choice, s: Choice, k: number): Choice {
  if (typeof m === "bigint" && typeof s === "bigint") return m - (m - s) / 2n ** BigInt(k);
  const step = Math.trunc(((m as number) - (s as number)) / 2 ** k);
  return (m as number) - step;
}

/** An arbitrary that draws in plain code and shrinks by replaying simpler answers (generators/choices.ts). */
export class Drawn<T> extends fc.Arbitrary<T> {
  readonly draw: Draw<T>;
  constructor(draw: Draw<T>) {
    super();
    this.draw = draw;
  }
  generate(rng: fc.Random, bias: number | undefined): fc.Value<T> {
    const before = rng.clone();
    return new fc.Value(this.draw(rng, bias), new Origin(bias, before, undefined, 0));
  }
  canShrinkWithoutContext(_value: unknown): _value is T {
    return false;
  }
  shrink(_value: T, context: unknown): fc.Stream<fc.Value<T>> {
    if (!(context instanceof Origin)) return fc.Stream.nil();
    const { bias } = context;
    const draw = (rng: fc.Random) => this.draw(rng, bias);
    const c = context.choices ?? record(draw, (context.before as fc.Random).clone());
    return new fc.Stream(shrunk(draw, c, bias, context.from));
  }
}

/** Every move once, from the one that last succeeded round to it: the values simpler than c's. */
function* shrunk<T>(
  draw: (rng: fc.Random) => T,
  c: Choices,
  bias: number | undefined,
  from: number,
): IterableIterator<fc.Value<T>> {
  const all = moves(c);
  const start = all.length === 0 ? 0 : from % all.length;
  for (let k = 0; k < all.length; k++) {
    const at = (start + k) % all.length;
    const r = replay(draw, applied(c, all[at] as Move));
    if (r !== undefined && simpler(r[1], c)) yield new fc.Value(r[0], new Origin(bias, undefined, r[1], at));
  }
}
