import fc from "fast-check";

/** fc.double({ min: 0, max: 1, noNaN: true }), a roll against a rate. */
export const unitDouble = fc.double({ min: 0, max: 1, noNaN: true });

// fc.double draws the index of a double, its IEEE-754 bit pattern for a non-negative one, with
// fc.Random.nextBigInt: pure-rand's uniformBigInt, which builds a bigint of 32-bit words and takes
// it modulo the range's size. Drawn here on two numbers, the high and the low word, the same words
// asked of the source in the same order (rng.nextInt(0, 2^32 - 1) is one rng.next() + 2^31, the
// word uniformBigInt takes), without a bigint: a roll is drawn several times a scenario, and its
// bigints were a tenth of a scenario's draw.
const word = (rng: fc.Random) => rng.nextInt(0, 0xffffffff);
const words = new Uint32Array(2);
const asDouble = new Float64Array(words.buffer);
const littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const high = littleEndian ? 1 : 0;
const low = 1 - high;
const bits = new BigUint64Array(words.buffer);

/** hi:lo < bHi:bLo, as 64-bit unsigned integers. */
const below = (hi: number, lo: number, bHi: number, bLo: number) => hi < bHi || (hi === bHi && lo < bLo);

/**
 * uniformBigInt(0, 0x3ff0000000000000), the index of 1 being the last: its size D =
 * 0x3ff0000000000001 takes two words; a value below D is the index, one below 2^64 - D is taken
 * modulo D, and one at or above 4 D (the largest multiple of D up to 2^64) is drawn again first.
 */
function anyIndex(rng: fc.Random): void {
  let hi = word(rng);
  let lo = word(rng);
  if (!below(hi, lo, 0xc00fffff, 0xffffffff))
    while (!below(hi, lo, 0xffc00000, 4)) {
      hi = word(rng);
      lo = word(rng);
    }
  // The value is below 4 D: modulo D is D taken away up to three times.
  while (!below(hi, lo, 0x3ff00000, 1)) {
    hi -= lo === 0 ? 0x3ff00001 : 0x3ff00000;
    lo = lo === 0 ? 0xffffffff : lo - 1;
  }
  words[high] = hi;
  words[low] = lo;
}

/**
 * uniformBigInt over 20 values (fast-check's logarithm of the index of 1: its 19 decimal digits,
 * and 0): one word, taken modulo 20, drawn again at or above 2^32 - 16 when not below 2^32 - 20.
 */
function oneOfTwenty(rng: fc.Random): number {
  let v = word(rng);
  if (v >= 0x100000000 - 20) while (v >= 0x100000000 - 16) v = word(rng);
  return v % 20;
}

// The index of 1, and the length of its decimal digits, fast-check's logarithm for a biased range.
const indexOfOne = 0x3ff0000000000000n;
const logOfOne = BigInt(String(indexOfOne).length);

/**
 * unitDouble drawn in plain code: the same questions to the source (BigIntArbitrary's bias, then
 * one index: anywhere, or among the 20 smallest or the 20 up to 1 when biased). A source of
 * another class than fast-check's own (choices.ts writes each answer down, to shrink by them) is
 * asked for the index as one bigint, as fast-check asks it: a shrunk draw is the same as before.
 */
export function drawUnitDouble(rng: fc.Random, bias: number | undefined): number {
  drawIndex(rng, bias);
  return asDouble[0] as number;
}

/** The index of 1 as a number (exact: 2^62 - 2^52). */
const indexOfOneNumber = 0x3ff00000 * 0x100000000;

/**
 * A roll against a rate, uniform on [0, 1]: the index unitDouble draws, over the index of 1, so
 * that `roll < 0.15` holds 15 % of the time. unitDouble itself is uniform over the doubles' bit
 * patterns, not over [0, 1]: nearly all of its values lie below 0.15 (the index of 0.15 is 99.7 %
 * of that of 1), so a rate of 15 % held 91-94 % of the time. The same questions to the source:
 * every draw after it is the same.
 */
export function drawUnitRoll(rng: fc.Random, bias: number | undefined): number {
  drawIndex(rng, bias);
  return ((words[high] as number) * 0x100000000 + (words[low] as number)) / indexOfOneNumber;
}

/** The index unitDouble draws, left in `words` (and so in `bits` and `asDouble`). */
function drawIndex(rng: fc.Random, bias: number | undefined): void {
  if (Object.getPrototypeOf(rng) !== fc.Random.prototype) {
    if (bias === undefined || rng.nextInt(1, bias) !== 1) bits[0] = rng.nextBigInt(0n, indexOfOne);
    else if (rng.nextInt(-2, 0) < 0) bits[0] = rng.nextBigInt(0n, logOfOne);
    else bits[0] = rng.nextBigInt(indexOfOne - logOfOne, indexOfOne);
    return;
  }
  if (bias === undefined || rng.nextInt(1, bias) !== 1) anyIndex(rng);
  else if (rng.nextInt(-2, 0) < 0) {
    words[high] = 0;
    words[low] = oneOfTwenty(rng);
  } else {
    // 0x3ff0000000000000 - 19 = 0x3fefffff_ffffffed, plus the draw, carried into the high word.
    const lo = 0xffffffed + oneOfTwenty(rng);
    words[high] = lo > 0xffffffff ? 0x3ff00000 : 0x3fefffff;
    words[low] = lo > 0xffffffff ? lo - 0x100000000 : lo;
  }
}
