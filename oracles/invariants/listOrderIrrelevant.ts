import fc from "fast-check";
import { invariant } from "./invariant.ts";
import { same } from "./relations.ts";
import { mapRules, mapSelectors } from "./subjectParts.ts";

const reversed = <T>(xs: readonly T[]) => [...xs].reverse();

export const listOrderIrrelevant = invariant({
  name: "listOrderIrrelevant",
  statement:
    "Reversing operations, apiGroups, apiVersions, resourceNames, matchExpressions and their values changes nothing (resources are left alone: their validation is order-dependent).",
  source:
    'k8s.io/apiserver rules.go exactOrWildcard: "for _, r := range items { if r == "*" || r == requested { return true } }"; apimachinery labels: requirements are ANDed',
  extra: fc.constant(undefined),
  pair: (q) => {
    const rules = mapRules(q.subject, (r) => ({
      ...r,
      ...(r.operations && { operations: reversed(r.operations) }),
      ...(r.apiGroups && { apiGroups: reversed(r.apiGroups) }),
      ...(r.apiVersions && { apiVersions: reversed(r.apiVersions) }),
      ...(r.resourceNames && { resourceNames: reversed(r.resourceNames) }),
    }));
    const subject = mapSelectors(rules, (sel) =>
      sel.matchExpressions
        ? {
            ...sel,
            matchExpressions: reversed(sel.matchExpressions).map((e) =>
              e.values ? { ...e, values: reversed(e.values) } : e,
            ),
          }
        : sel,
    );
    return [q, { ...q, subject }];
  },
  holds: same,
});
