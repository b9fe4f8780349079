import fc from "fast-check";
import { labelSelectorRequirement } from "../../generators/labelSelector.ts";
import { invariant } from "./invariant.ts";
import { variantMatchImpliesBaseMatch } from "./relations.ts";
import { mapSelectors } from "./subjectParts.ts";

export const selectorRequirementNeverAddsMatches = invariant({
  name: "selectorRequirementNeverAddsMatches",
  statement: "Adding a requirement to a namespace or object selector never turns a non-match into a match.",
  source: 'k8s.io/apimachinery meta/v1 LabelSelector: "The requirements are ANDed."',
  extra: fc.record({
    requirement: labelSelectorRequirement(),
    which: fc.constantFrom("namespace" as const, "object" as const),
  }),
  pair: (q, { requirement, which }) => [
    q,
    {
      ...q,
      subject: mapSelectors(q.subject, (sel, w) =>
        w === which ? { ...sel, matchExpressions: [...(sel.matchExpressions ?? []), requirement] } : sel,
      ),
    },
  ],
  holds: variantMatchImpliesBaseMatch,
});
