import fc from "fast-check";
import { carriesMatchConditions } from "../contract/features.ts";
import { invariant } from "./invariant.ts";
import { same } from "./relations.ts";
import { mapNamespaceLabels, mapObjectLabels, mentionedKeys } from "./subjectParts.ts";

export const unmentionedLabelsIrrelevant = invariant({
  name: "unmentionedLabelsIrrelevant",
  statement:
    "Adding, changing or removing labels whose keys no selector mentions, on objects and namespaces, changes nothing.",
  source:
    'k8s.io/api meta/v1 LabelSelector: "A label selector is a label query over a set of resources"; a requirement reads only its own key (labels/selector.go Requirement.Matches)',
  extra: fc.record({
    key: fc.constantFrom("noise", "example.net/noise"),
    value: fc.constantFrom("x", "y", ""),
    drop: fc.boolean(),
  }),
  pair: (q, { key, value, drop }) => {
    const mentioned = mentionedKeys(q.subject);
    if (mentioned.has(key) || carriesMatchConditions(q.subject)) return undefined;
    const edit = (labels: Readonly<Record<string, string>>) => {
      const kept = Object.fromEntries(
        Object.entries(labels).filter(([k]) => mentioned.has(k) || k === "kubernetes.io/metadata.name" || !drop),
      );
      return { ...kept, [key]: value };
    };
    return [q, mapNamespaceLabels(mapObjectLabels(q, edit), edit)];
  },
  holds: same,
});
