import fc from "fast-check";
import { drawn, pick, take, weighted } from "./draw.ts";
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

const alnum = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789");
const inner = fc.constantFrom(..."abcxyzABC0189-_.");
const dnsChar = fc.constantFrom(..."abcxyz0189");

/** `([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]`, 1 to 63 characters. */
const anyLabelName = fc.oneof(
  alnum,
  fc.tuple(alnum, fc.string({ unit: inner, maxLength: 61 }), alnum).map(([a, b, c]) => a + b + c),
);
// Built once: fc.string's construction costs more than a draw.
export const labelName = (): fc.Arbitrary<string> => anyLabelName;

/** A DNS-1123 subdomain: labels `[a-z0-9]([-a-z0-9]*[a-z0-9])?` joined by dots, at most 253 characters. */
const anyDnsSubdomain = fc
  .array(
    fc.oneof(
      dnsChar,
      fc
        .tuple(dnsChar, fc.string({ unit: fc.constantFrom(..."ab-09"), maxLength: 61 }), dnsChar)
        .map((p) => p.join("")),
    ),
    { minLength: 1, maxLength: 4 },
  )
  .map((labels) => labels.join("."))
  .filter((s) => s.length <= 253);
export const dnsSubdomain = (): fc.Arbitrary<string> => anyDnsSubdomain;

export function labelKey(constraints: LabelKeyConstraints = {}): fc.Arbitrary<string> {
  return drawn((rng, bias) => drawLabelKey(rng, bias, constraints));
}

const freshKey = fc.oneof(
  labelName(),
  fc.tuple(dnsSubdomain(), labelName()).map(([p, n]) => `${p}/${n}`),
);

/** A key of the vocabulary (6 in 7 unless only those), or a fresh one. */
export function drawLabelKey(rng: fc.Random, bias: number | undefined, constraints: LabelKeyConstraints): string {
  const vocabulary = constraints.vocabulary ?? labelKeys;
  if (constraints.vocabularyOnly || weighted(rng, [6, 1]) === 0) return pick(rng, vocabulary);
  return take(freshKey, rng, bias);
}
