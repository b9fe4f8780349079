import fc from "fast-check";
import { labelName, vocabularyMemo } from "./labelKey.ts";
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

const byVocabulary = vocabularyMemo(buildLabelValue);

export function labelValue(constraints: LabelValueConstraints = {}): fc.Arbitrary<string> {
  return byVocabulary(constraints);
}

function buildLabelValue(constraints: LabelValueConstraints): fc.Arbitrary<string> {
  const vocabulary = fc.constantFrom(...(constraints.vocabulary ?? labelValues));
  if (constraints.vocabularyOnly) return vocabulary;
  return fc.oneof({ arbitrary: vocabulary, weight: 6 }, { arbitrary: labelName(), weight: 1 });
}
