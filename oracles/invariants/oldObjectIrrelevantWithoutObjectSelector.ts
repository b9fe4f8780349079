import { labels } from "../../generators/labels.ts";
import { carriesMatchConditions } from "../contract/features.ts";
import type { Subject } from "../contract/subject.ts";
import { invariant } from "./invariant.ts";
import { same } from "./relations.ts";
import { mapObjectLabels, mapSelectors } from "./subjectParts.ts";

export const oldObjectIrrelevantWithoutObjectSelector = invariant({
  name: "oldObjectIrrelevantWithoutObjectSelector",
  statement:
    "When no objectSelector has requirements, the old object's labels change nothing, Namespace UPDATEs included (they use the new labels).",
  source:
    'k8s.io/apiserver predicates/namespace/matcher.go GetNamespaceLabels: "If the request itself is creating or updating a namespace, then get the labels from attr.Object"; object/matcher.go reads oldObject only for a non-empty selector',
  extra: labels(),
  pair: (q, relabelled) => {
    if (hasObjectRequirement(q.subject) || !q.request.oldObject || carriesMatchConditions(q.subject)) return undefined;
    return [q, mapObjectLabels(q, () => relabelled, "old")];
  },
  holds: same,
});

function hasObjectRequirement(s: Subject): boolean {
  let found = false;
  mapSelectors(s, (sel, which) => {
    if (which === "object" && Object.keys(sel.matchLabels ?? {}).length + (sel.matchExpressions ?? []).length > 0)
      found = true;
    return sel;
  });
  return found;
}
