import type fc from "fast-check";
import { drawn, pick, twoWay } from "./draw.ts";
import { drawLabelName } from "./labelKey.ts";
import { labelValues } from "./vocabulary.ts";

/**
 * A valid label value, as k8s.io/apimachinery content.IsLabelValue accepts it:
 *
 * > Valid label value: must be 63 characters or less (can be empty), unless empty, must begin and
 * > end with an alphanumeric character ([a-z0-9A-Z]), could contain dashes (-), underscores (_),
 * > dots (.), and alphanumerics between. (Kubernetes docs, "Labels and Selectors")
 */
export interface LabelValueConstraints {
  readonly vocabulary?: readonly string[];
  readonly vocabularyOnly?: boolean;
}

export function labelValue(constraints: LabelValueConstraints = {}): fc.Arbitrary<string> {
  return drawn((rng, bias) => drawLabelValue(rng, bias, constraints));
}

/** A value of the vocabulary (6 in 7 unless only those), or a fresh name. */
export function drawLabelValue(rng: fc.Random, bias: number | undefined, constraints: LabelValueConstraints): string {
  const vocabulary = constraints.vocabulary ?? labelValues;
  if (constraints.vocabularyOnly || twoWay(rng, 6, 1) === 0) return pick(rng, vocabulary);
  return drawLabelName(rng, bias);
}
