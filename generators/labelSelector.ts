import fc from "fast-check";
import type { LabelSelector, LabelSelectorRequirement } from "../oracles/contract/kube.ts";
import { drawn, pick, take, weighted } from "./draw.ts";
import type { LabelKeyConstraints } from "./labelKey.ts";
import { drawLabelKey, labelKey } from "./labelKey.ts";
import type { LabelValueConstraints } from "./labelValue.ts";
import { drawLabelValue, labelValue } from "./labelValue.ts";

/**
 * A valid metav1.LabelSelector:
 *
 * > matchLabels is a map of {key,value} pairs. A single {key,value} in the matchLabels map is
 * > equivalent to an element of matchExpressions, whose key field is "key", the operator is "In",
 * > and the values array contains only "value". The requirements are ANDed.
 * > operator represents a key's relationship to a set of values. Valid operators are In, NotIn,
 * > Exists and DoesNotExist. If the operator is In or NotIn, the values array must be non-empty.
 * > If the operator is Exists or DoesNotExist, the values array must be empty.
 * (k8s.io/apimachinery pkg/apis/meta/v1/types.go LabelSelector, LabelSelectorRequirement)
 *
 * Unsatisfiable combinations (matchLabels a:x with a In [y]) arise on their own from the small
 * vocabulary.
 */
export interface LabelSelectorConstraints {
  readonly keys?: LabelKeyConstraints;
  readonly values?: LabelValueConstraints;
  readonly maxRequirements?: number;
  /**
   * Labels the selector is drawn towards: with probability `targetRate` (default 0.7) it is a
   * selector these labels satisfy, else one drawn from the vocabulary.
   */
  readonly target?: Readonly<Record<string, string>>;
  readonly targetRate?: number;
}

export function labelSelectorRequirement(
  constraints: LabelSelectorConstraints = {},
): fc.Arbitrary<LabelSelectorRequirement> {
  const key = labelKey(constraints.keys);
  const values = fc.uniqueArray(labelValue(constraints.values), { minLength: 1, maxLength: 3 });
  return fc.oneof(
    fc.record({ key, operator: fc.constantFrom("In", "NotIn"), values }),
    fc.record({ key, operator: fc.constantFrom("Exists", "DoesNotExist") }),
  );
}

export function labelSelector(constraints: LabelSelectorConstraints = {}): fc.Arbitrary<LabelSelector> {
  return drawn((rng, bias) => drawLabelSelector(rng, bias, constraints));
}

/** labelSelector(constraints), drawn at once: the target changes with every scenario. */
export function drawLabelSelector(
  rng: fc.Random,
  bias: number | undefined,
  constraints: LabelSelectorConstraints,
): LabelSelector {
  const target = constraints.target;
  if (target === undefined) return take(untargeted(constraints), rng, bias);
  const weight = Math.round((constraints.targetRate ?? 0.7) * 100);
  return weighted(rng, [weight, 100 - weight]) === 0
    ? satisfiedBy(rng, bias, target, constraints)
    : take(untargeted(constraints), rng, bias);
}

/** A one-requirement selector that the labels satisfy. */
function satisfiedBy(
  rng: fc.Random,
  bias: number | undefined,
  target: Readonly<Record<string, string>>,
  constraints: LabelSelectorConstraints,
): LabelSelector {
  const absent = (): LabelSelector => {
    for (;;) {
      const key = drawLabelKey(rng, bias, constraints.keys ?? {});
      if (!Object.hasOwn(target, key)) return { matchExpressions: [{ key, operator: "DoesNotExist" }] };
    }
  };
  const entries = Object.entries(target);
  if (entries.length === 0) return absent();
  const [key, value] = pick(rng, entries);
  switch (weighted(rng, [1, 1, 1, 1, 1])) {
    case 0:
      return { matchLabels: { [key]: value } };
    case 1:
      return { matchExpressions: [{ key, operator: "In", values: [value] }] };
    case 2:
      return { matchExpressions: [{ key, operator: "Exists" }] };
    case 3:
      for (;;) {
        const v = drawLabelValue(rng, bias, constraints.values ?? {});
        if (v !== value) return { matchExpressions: [{ key, operator: "NotIn", values: [v] }] };
      }
    default:
      return absent();
  }
}

let plainUntargeted: fc.Arbitrary<LabelSelector> | undefined;

/** Built once when unconstrained: it draws the same whatever the target. */
function untargeted(c: LabelSelectorConstraints): fc.Arbitrary<LabelSelector> {
  if (c.keys !== undefined || c.values !== undefined || c.maxRequirements !== undefined) return buildUntargeted(c);
  plainUntargeted ??= buildUntargeted(c);
  return plainUntargeted;
}

function buildUntargeted(constraints: LabelSelectorConstraints): fc.Arbitrary<LabelSelector> {
  const max = constraints.maxRequirements ?? 2;
  const single = fc.oneof(
    fc.record({
      matchLabels: fc.dictionary(labelKey(constraints.keys), labelValue(constraints.values), {
        minKeys: 1,
        maxKeys: 1,
        noNullPrototype: true,
      }),
    }),
    labelSelectorRequirement(constraints).map((r) => ({ matchExpressions: [r] })),
  );
  return fc.oneof(
    { arbitrary: fc.constant({}), weight: 3 },
    { arbitrary: single, weight: 4 },
    {
      arbitrary: fc.record(
        {
          matchLabels: fc.dictionary(labelKey(constraints.keys), labelValue(constraints.values), {
            minKeys: 1,
            maxKeys: max,
            noNullPrototype: true,
          }),
          matchExpressions: fc.array(labelSelectorRequirement(constraints), { minLength: 1, maxLength: max }),
        },
        { requiredKeys: [] },
      ),
      weight: 1,
    },
  );
}
