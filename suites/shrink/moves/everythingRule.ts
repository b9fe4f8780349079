// An empty MatchResources rule list, a side condition of its own, repaired.
import type { Query } from "../../../oracles/contract/query.ts";
import type { Move } from "../move.ts";

/**
 * MatchResources without resource rules matches every request: asked instead with the one rule that
 * matches everything, so that a divergence that does not depend on the empty list shows its cause.
 */
export function everythingRule(q: Query): Move[] {
  const s = q.subject;
  if (s.kind !== "MatchResources" || (s.matchResources.resourceRules ?? []).length > 0) return [];
  const all = { operations: ["*"], apiGroups: ["*"], apiVersions: ["*"], resources: ["*/*"] };
  return [
    {
      what: "one rule for everything instead of no rules",
      repairs: true,
      query: {
        ...q,
        subject: { kind: "MatchResources", matchResources: { ...s.matchResources, resourceRules: [all] } },
      },
    },
  ];
}
