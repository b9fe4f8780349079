import type fc from "fast-check";
import { dictionaryEntries, dictionaryOf, drawn } from "./draw.ts";
import type { LabelKeyConstraints } from "./labelKey.ts";
import { drawLabelKey } from "./labelKey.ts";
import type { LabelValueConstraints } from "./labelValue.ts";
import { drawLabelValue } from "./labelValue.ts";

/**
 * A label set, `metadata.labels`: "Labels are key/value pairs" with unique keys
 * (k8s.io/apimachinery pkg/labels Set).
 */
export interface LabelsConstraints {
  readonly keys?: LabelKeyConstraints;
  readonly values?: LabelValueConstraints;
  readonly maxKeys?: number;
}

export function labels(constraints: LabelsConstraints = {}): fc.Arbitrary<Record<string, string>> {
  return drawn((rng, bias) => drawLabels(rng, bias, constraints));
}

const anyKey = {};
const anyValue = {};
const threeKeys = { maxLength: 3 };

/** A label key of the constraints' keys (a label set's or a selector's), as an array draws its items. */
export const keyIn = (r: fc.Random, b: number | undefined, c: { readonly keys?: LabelKeyConstraints }) =>
  drawLabelKey(r, b, c.keys ?? anyKey);
/** A label value of the constraints' values, as an array draws its items. */
export const valueIn = (r: fc.Random, b: number | undefined, c: { readonly values?: LabelValueConstraints }) =>
  drawLabelValue(r, b, c.values ?? anyValue);

/** labels(constraints), drawn at once: fc.dictionary of the keys and values, at most 3 keys by default. */
export function drawLabels(
  rng: fc.Random,
  bias: number | undefined,
  constraints: LabelsConstraints,
): Record<string, string> {
  return dictionaryOf(rng, bias, lengthsOf(constraints), keyIn, valueIn, constraints);
}

/** drawLabels' entries, not yet an object: for a caller that adds a label or may drop them. */
export function drawLabelEntries(
  rng: fc.Random,
  bias: number | undefined,
  constraints: LabelsConstraints,
): (readonly [string, string])[] {
  return dictionaryEntries(rng, bias, lengthsOf(constraints), { key: keyIn, value: valueIn, context: constraints });
}

const lengthsOf = (c: LabelsConstraints) => (c.maxKeys === undefined ? threeKeys : { maxLength: c.maxKeys });
