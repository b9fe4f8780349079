import type fc from "fast-check";
import type { Lengths } from "./draw.ts";
import { drawn, joinedOf, pick, pickIn, twoWay } from "./draw.ts";
import { labelKeys } from "./vocabulary.ts";

/**
 * A valid label key, as k8s.io/apimachinery content.IsLabelKey accepts it:
 *
 * > Label keys have two segments: an optional prefix and name, separated by a slash (/). The name
 * > segment is required and must be 63 characters or less, beginning and ending with an
 * > alphanumeric character ([a-z0-9A-Z]) with dashes (-), underscores (_), dots (.), and
 * > alphanumerics between. The prefix is optional. If specified, the prefix must be a DNS
 * > subdomain: a series of DNS labels separated by dots (.), not longer than 253 characters in
 * > total. (Kubernetes docs, "Labels and Selectors": syntax and character set)
 */
export interface LabelKeyConstraints {
  /** Keys drawn most of the time, so that selectors and labels meet. */
  readonly vocabulary?: readonly string[];
  /** Only the vocabulary (default false: now and then a fresh key at the length limits). */
  readonly vocabularyOnly?: boolean;
}

const alnum = [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"];
const inner = [..."abcxyzABC0189-_."];
const dnsChar = [..."abcxyz0189"];
const dnsInner = [..."ab-09"];

/**
 * fc.string({ unit: fc.constantFrom(...units), maxLength }) drawn in plain code: an array of the
 * units (no slice of fast-check's dangerous strings is made of these units, so none is asked for).
 */
function drawString(rng: fc.Random, bias: number | undefined, units: readonly string[], lengths: Lengths): string {
  return joinedOf(rng, bias, lengths, pickIn, units, "");
}

const upTo61 = { maxLength: 61 };

/** `([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]`, 1 to 63 characters (a oneof of one and more characters). */
export function drawLabelName(rng: fc.Random, bias: number | undefined): string {
  if (twoWay(rng, 1, 1) === 0) return pick(rng, alnum);
  const a = pick(rng, alnum);
  const b = drawString(rng, bias, inner, upTo61);
  return a + b + pick(rng, alnum);
}

const anyLabelName = drawn(drawLabelName);
export const labelName = (): fc.Arbitrary<string> => anyLabelName;

/**
 * A DNS-1123 subdomain: labels `[a-z0-9]([-a-z0-9]*[a-z0-9])?` joined by dots, at most 253
 * characters (drawn again when longer, as fast-check's filter did).
 */
function drawDnsSubdomain(rng: fc.Random, bias: number | undefined): string {
  for (;;) {
    const s = joinedOf(rng, bias, oneToFour, drawDnsLabel, undefined, ".");
    if (s.length <= 253) return s;
  }
}

const oneToFour = { minLength: 1, maxLength: 4 };

/** One label of a DNS subdomain, as an array draws its items (a oneof of one and more characters). */
function drawDnsLabel(rng: fc.Random, bias: number | undefined): string {
  if (twoWay(rng, 1, 1) === 0) return pick(rng, dnsChar);
  const first = pick(rng, dnsChar);
  const middle = drawString(rng, bias, dnsInner, upTo61);
  return first + middle + pick(rng, dnsChar);
}

const anyDnsSubdomain = drawn(drawDnsSubdomain);
export const dnsSubdomain = (): fc.Arbitrary<string> => anyDnsSubdomain;

export function labelKey(constraints: LabelKeyConstraints = {}): fc.Arbitrary<string> {
  return drawn((rng, bias) => drawLabelKey(rng, bias, constraints));
}

/** A name, or a prefix and a name (a oneof of the two). */
function drawFreshKey(rng: fc.Random, bias: number | undefined): string {
  if (twoWay(rng, 1, 1) === 0) return drawLabelName(rng, bias);
  const prefix = drawDnsSubdomain(rng, bias);
  return `${prefix}/${drawLabelName(rng, bias)}`;
}

/** A key of the vocabulary (6 in 7 unless only those), or a fresh one. */
export function drawLabelKey(rng: fc.Random, bias: number | undefined, constraints: LabelKeyConstraints): string {
  const vocabulary = constraints.vocabulary ?? labelKeys;
  if (constraints.vocabularyOnly || twoWay(rng, 6, 1) === 0) return pick(rng, vocabulary);
  return drawFreshKey(rng, bias);
}
