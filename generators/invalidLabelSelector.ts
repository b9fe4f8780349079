import type fc from "fast-check";
import type { LabelSelector } from "../oracles/contract/kube.ts";
import { drawn, pick } from "./draw.ts";
import { drawLabelKey } from "./labelKey.ts";
import { drawLabelValue } from "./labelValue.ts";

/**
 * A metav1.LabelSelector that API validation rejects (ValidateLabelSelector, strict options),
 * each with exactly one defect among:
 * - a key that is not a qualified name (empty, too long, bad characters, empty prefix, two "/");
 * - a value that is not a label value (64 characters, bad characters);
 * - In/NotIn without values; Exists/DoesNotExist with values; an unknown operator.
 */
export type InvalidLabelSelectorConstraints = Record<string, never>;

const badKeys = [
  "",
  "-app",
  "app-",
  "a b",
  "/app",
  "a/b/c",
  "Example.com/app",
  `${"k".repeat(64)}`,
  `example.com/${"n".repeat(64)}`,
];
const badValues = ["-web", "web-", "a b", "v".repeat(64), "ü"];

export function invalidLabelSelector(_constraints: InvalidLabelSelectorConstraints = {}): fc.Arbitrary<LabelSelector> {
  return drawn(drawInvalidLabelSelector);
}

// A key or value of the vocabulary: labelKey and labelValue with vocabularyOnly.
const key = (rng: fc.Random) => drawLabelKey(rng, undefined, { vocabularyOnly: true });
const value = (rng: fc.Random) => drawLabelValue(rng, undefined, { vocabularyOnly: true });

/** invalidLabelSelector(), drawn at once: a oneof of seven, each a tuple of constantFroms and vocabulary. */
export function drawInvalidLabelSelector(rng: fc.Random): LabelSelector {
  switch (rng.nextInt(0, 6)) {
    case 0:
      return { matchLabels: { [pick(rng, badKeys)]: "web" } };
    case 1:
      return { matchLabels: { app: pick(rng, badValues) } };
    case 2: {
      const k = pick(rng, badKeys);
      return { matchExpressions: [{ key: k, operator: pick(rng, existence) }] };
    }
    case 3: {
      const k = key(rng);
      return { matchExpressions: [{ key: k, operator: "In", values: [pick(rng, badValues)] }] };
    }
    case 4: {
      const k = key(rng);
      return { matchExpressions: [{ key: k, operator: pick(rng, membership), values: [] }] };
    }
    case 5: {
      const k = key(rng);
      const operator = pick(rng, existence);
      return { matchExpressions: [{ key: k, operator, values: [value(rng)] }] };
    }
    default: {
      const k = key(rng);
      return { matchExpressions: [{ key: k, operator: pick(rng, unknownOperators), values: ["web"] }] };
    }
  }
}

const existence = ["Exists", "DoesNotExist"];
const membership = ["In", "NotIn"];
const unknownOperators = ["Equals", "in", "Gt", ""];
