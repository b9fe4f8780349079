import fc from "fast-check";
import type { LabelKeyConstraints } from "./labelKey.ts";
import { labelKey } from "./labelKey.ts";
import type { LabelValueConstraints } from "./labelValue.ts";
import { labelValue } from "./labelValue.ts";

/**
 * A label set, `metadata.labels`: "Labels are key/value pairs" with unique keys
 * (k8s.io/apimachinery pkg/labels Set).
 */
export interface LabelsConstraints {
  readonly keys?: LabelKeyConstraints;
  readonly values?: LabelValueConstraints;
  readonly maxKeys?: number;
}

let defaultLabels: fc.Arbitrary<Record<string, string>> | undefined;
// Built once per constraints object (a realistic scenario's are shared), not per scenario.
const built = new WeakMap<LabelsConstraints, fc.Arbitrary<Record<string, string>>>();

export function labels(constraints: LabelsConstraints = {}): fc.Arbitrary<Record<string, string>> {
  if (Object.keys(constraints).length === 0) {
    defaultLabels ??= buildLabels({});
    return defaultLabels;
  }
  let a = built.get(constraints);
  if (a === undefined) {
    a = buildLabels(constraints);
    built.set(constraints, a);
  }
  return a;
}

function buildLabels(constraints: LabelsConstraints): fc.Arbitrary<Record<string, string>> {
  return fc.dictionary(labelKey(constraints.keys), labelValue(constraints.values), {
    maxKeys: constraints.maxKeys ?? 3,
    noNullPrototype: true,
  });
}
