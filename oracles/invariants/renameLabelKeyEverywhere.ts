import fc from "fast-check";
import { carriesMatchConditions, carriesParams } from "../contract/features.ts";
import type { LabelSelector } from "../contract/kube.ts";
import type { Query } from "../contract/query.ts";
import { invariant } from "./invariant.ts";
import { same, whereBothValid } from "./relations.ts";
import { mapNamespaceLabels, mapObjectLabels, mapSelectors, mentionedKeys, renameKeys } from "./subjectParts.ts";

const reserved = "kubernetes.io/metadata.name";

export const renameLabelKeyEverywhere = invariant({
  name: "renameLabelKeyEverywhere",
  statement: "Renaming a label key in every selector, object and namespace alike changes nothing.",
  source:
    'k8s.io/apimachinery labels/selector.go Requirement.Matches: a requirement looks its key up in the label set ("ls.Has(r.key)", "ls.Get(r.key)") and nothing else',
  extra: fc.record({ index: fc.nat(), fresh: fc.constantFrom("renamed", "example.org/renamed") }),
  pair: (q, { index, fresh }) => {
    // A paramRef selector and the params' labels are not renamed.
    if (carriesMatchConditions(q.subject) || carriesParams(q)) return undefined;
    const keys = [...mentionedKeys(q.subject)].filter((k) => k !== reserved && k !== fresh);
    const from = keys[index % Math.max(keys.length, 1)];
    return from === undefined ? undefined : [q, renameEverywhere(q, from, fresh)];
  },
  holds: whereBothValid(same),
});

function renameEverywhere(q: Query, from: string, to: string): Query {
  const renameSelector = (sel: LabelSelector): LabelSelector => ({
    ...sel,
    ...(sel.matchLabels && { matchLabels: renameKeys(sel.matchLabels, from, to) }),
    ...(sel.matchExpressions && {
      matchExpressions: sel.matchExpressions.map((e) => (e.key === from ? { ...e, key: to } : e)),
    }),
  });
  const withSubject = { ...q, subject: mapSelectors(q.subject, renameSelector) };
  const withObjects = mapObjectLabels(withSubject, (l) => renameKeys(l, from, to));
  return mapNamespaceLabels(withObjects, (l) => renameKeys(l, from, to));
}
