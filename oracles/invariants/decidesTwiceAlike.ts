import fc from "fast-check";
import { invariant } from "./invariant.ts";
import { same } from "./relations.ts";

export const decidesTwiceAlike = invariant({
  name: "decidesTwiceAlike",
  statement: "The same query asked twice gets the same decision.",
  source:
    "k8s.io/apiserver rules.go, namespace/matcher.go, object/matcher.go, matching.go: every predicate is a pure function of the rule, the attributes and the cluster state",
  extra: fc.constant(undefined),
  pair: (q) => [q, structuredClone(q)],
  holds: same,
});
