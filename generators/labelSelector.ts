import type fc from "fast-check";
import type { LabelSelector, LabelSelectorRequirement } from "../oracles/contract/kube.ts";
import {
  absent,
  arrayOf,
  dictionaryOf,
  drawn,
  optional,
  pick,
  recordOf,
  twoWay,
  uniqueArrayOf,
  weighted,
} from "./draw.ts";
import type { LabelKeyConstraints } from "./labelKey.ts";
import { drawLabelKey } from "./labelKey.ts";
import { keyIn, valueIn } from "./labels.ts";
import type { LabelValueConstraints } from "./labelValue.ts";
import { drawLabelValue } from "./labelValue.ts";

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
  return drawn((rng, bias) => drawRequirement(rng, bias, constraints));
}

/** A oneof of a record with values (In, NotIn) and a record without (Exists, DoesNotExist). */
function drawRequirement(
  rng: fc.Random,
  bias: number | undefined,
  constraints: LabelSelectorConstraints,
): LabelSelectorRequirement {
  const keys = constraints.keys ?? anyKey;
  if (twoWay(rng, 1, 1) === 1)
    return recordOf(rng, {
      key: drawLabelKey(rng, bias, keys),
      operator: pick(rng, withoutValues),
    });
  return recordOf(rng, {
    key: drawLabelKey(rng, bias, keys),
    operator: pick(rng, withValues),
    values: uniqueArrayOf(rng, bias, oneToThree, valueIn, undefined, constraints),
  });
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
  if (target === undefined) return untargeted(rng, bias, constraints);
  const weight = Math.round((constraints.targetRate ?? 0.7) * 100);
  return twoWay(rng, weight, 100 - weight) === 0
    ? satisfiedBy(rng, bias, target, constraints)
    : untargeted(rng, bias, constraints);
}

/** A subject's selector: empty where the swarm turned selectors off, else drawn towards the labels. */
export function drawSubjectSelector(
  rng: fc.Random,
  bias: number | undefined,
  noSelectors: boolean | undefined,
  target: Readonly<Record<string, string>> | undefined,
): LabelSelector {
  return noSelectors ? {} : drawLabelSelector(rng, bias, target ? { target } : {});
}

/** A one-requirement selector that the labels satisfy. */
function satisfiedBy(
  rng: fc.Random,
  bias: number | undefined,
  target: Readonly<Record<string, string>>,
  constraints: LabelSelectorConstraints,
): LabelSelector {
  // pick() of the entries, by their keys (a pair per label cost more than the pick).
  const keys = Object.keys(target);
  if (keys.length === 0) return absentFrom(rng, bias, target, constraints);
  const key = pick(rng, keys);
  const value = target[key] as string;
  switch (weighted(rng, fiveEven)) {
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
      return absentFrom(rng, bias, target, constraints);
  }
}

/** A DoesNotExist requirement on a key the labels do not hold. */
function absentFrom(
  rng: fc.Random,
  bias: number | undefined,
  target: Readonly<Record<string, string>>,
  constraints: LabelSelectorConstraints,
): LabelSelector {
  for (;;) {
    const key = drawLabelKey(rng, bias, constraints.keys ?? anyKey);
    if (!Object.hasOwn(target, key)) return { matchExpressions: [{ key, operator: "DoesNotExist" }] };
  }
}

const anyKey = {};
const withoutValues = ["Exists", "DoesNotExist"] as const;
const withValues = ["In", "NotIn"] as const;

const oneToThree = { minLength: 1, maxLength: 3 };
const fiveEven = [1, 1, 1, 1, 1];
const emptyOneOrSeveral = [3, 4, 1];
const justOne = { minLength: 1, maxLength: 1 };

/** Empty, one requirement (a matchLabels entry or an expression), or several. */
function untargeted(rng: fc.Random, bias: number | undefined, c: LabelSelectorConstraints): LabelSelector {
  switch (weighted(rng, emptyOneOrSeveral)) {
    case 0:
      return {};
    case 1:
      return twoWay(rng, 1, 1) === 0
        ? recordOf(rng, { matchLabels: dictionaryOf(rng, bias, justOne, keyIn, valueIn, c) })
        : { matchExpressions: [drawRequirement(rng, bias, c)] };
    default: {
      const several = { minLength: 1, maxLength: c.maxRequirements ?? 2 };
      return recordOf(rng, {
        matchLabels: optional(rng) ? dictionaryOf(rng, bias, several, keyIn, valueIn, c) : absent,
        matchExpressions: optional(rng) ? arrayOf(rng, bias, several, drawRequirement, c) : absent,
      });
    }
  }
}
