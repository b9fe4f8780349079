import fc from "fast-check";
import type { LabelSelector } from "../contract/kube.ts";
import { invariant } from "./invariant.ts";
import { same } from "./relations.ts";
import { mapSelectors } from "./subjectParts.ts";

export const matchLabelsAsIn = invariant({
  name: "matchLabelsAsIn",
  statement: "matchLabels {k: v} decides as matchExpressions [{key: k, operator: In, values: [v]}].",
  source:
    'k8s.io/apimachinery meta/v1 LabelSelector.matchLabels: "A single {key,value} in the matchLabels map is equivalent to an element of matchExpressions, whose key field is "key", the operator is "In", and the values array contains only "value"."',
  extra: fc.constant(undefined),
  pair: (q) => [q, { ...q, subject: mapSelectors(q.subject, asIn) }],
  holds: same,
});

function asIn(sel: LabelSelector): LabelSelector {
  const entries = Object.entries(sel.matchLabels ?? {});
  if (entries.length === 0) return sel;
  const { matchLabels: _, ...rest } = sel;
  return {
    ...rest,
    matchExpressions: [
      ...entries.map(([key, v]) => ({ key, operator: "In", values: [v] })),
      ...(sel.matchExpressions ?? []),
    ],
  };
}
