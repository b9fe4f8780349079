import fc from "fast-check";
import type { LabelSelector } from "../oracles/contract/kube.ts";
import { labelKey } from "./labelKey.ts";
import { labelValue } from "./labelValue.ts";

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
  const key = labelKey({ vocabularyOnly: true });
  return fc.oneof(
    fc.constantFrom(...badKeys).map((k) => ({ matchLabels: { [k]: "web" } })),
    fc.constantFrom(...badValues).map((v) => ({ matchLabels: { app: v } })),
    fc.tuple(fc.constantFrom(...badKeys), fc.constantFrom("Exists", "DoesNotExist")).map(([k, operator]) => ({
      matchExpressions: [{ key: k, operator }],
    })),
    fc
      .tuple(key, fc.constantFrom(...badValues))
      .map(([k, v]) => ({ matchExpressions: [{ key: k, operator: "In", values: [v] }] })),
    fc
      .tuple(key, fc.constantFrom("In", "NotIn"))
      .map(([k, operator]) => ({ matchExpressions: [{ key: k, operator, values: [] }] })),
    fc
      .tuple(key, fc.constantFrom("Exists", "DoesNotExist"), labelValue({ vocabularyOnly: true }))
      .map(([k, operator, v]) => ({
        matchExpressions: [{ key: k, operator, values: [v] }],
      })),
    fc.tuple(key, fc.constantFrom("Equals", "in", "Gt", "")).map(([k, operator]) => ({
      matchExpressions: [{ key: k, operator, values: ["web"] }],
    })),
  );
}
