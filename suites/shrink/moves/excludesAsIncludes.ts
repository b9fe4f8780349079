// An exclude rule that decides is asked as the only include rule: a bug in rule matching then shows
// as itself, with match and noMatch turned round, rather than as "the exclusion did not apply".
import type { Query } from "../../../oracles/contract/query.ts";
import type { Move } from "../move.ts";

export function excludesAsIncludes(q: Query): Move[] {
  const s = q.subject;
  if (s.kind !== "MatchResources") return [];
  const excludes = s.matchResources.excludeResourceRules ?? [];
  return excludes.map((rule, i) => {
    const { excludeResourceRules: _, ...rest } = s.matchResources;
    return {
      what: `exclude rule ${i} asked as the only resource rule`,
      query: { ...q, subject: { kind: "MatchResources", matchResources: { ...rest, resourceRules: [rule] } } },
      outcomes: "inverted" as const,
    };
  });
}
