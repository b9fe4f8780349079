import type fc from "fast-check";
import { dictionaryOf, drawn } from "./draw.ts";
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

/** labels(constraints), drawn at once: fc.dictionary of the keys and values, at most 3 keys by default. */
export function drawLabels(
  rng: fc.Random,
  bias: number | undefined,
  constraints: LabelsConstraints,
): Record<string, string> {
  const keys = constraints.keys ?? {};
  const values = constraints.values ?? {};
  return dictionaryOf(
    rng,
    bias,
    { maxLength: constraints.maxKeys ?? 3 },
    (r, b) => drawLabelKey(r, b, keys),
    (r, b) => drawLabelValue(r, b, values),
  );
}
