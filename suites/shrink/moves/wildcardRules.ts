// Rules: operations, groups and versions written as "*", one list at a time.
import type { Query } from "../../../oracles/contract/query.ts";
import type { Move } from "../move.ts";
import { mapRuleLists, ruleCount } from "./ruleLists.ts";

export function wildcardRules(q: Query): Move[] {
  const moves: Move[] = [];
  const fields = ["operations", "apiGroups", "apiVersions"] as const;
  const lists = ruleCount(q.subject);
  for (let i = 0; i < lists; i++) {
    for (const field of fields) {
      let n = 0;
      let changed = false;
      const subject = mapRuleLists(q.subject, (rule) => {
        const mine = n++ === i;
        const list = rule[field];
        if (!mine || list === undefined || (list.length === 1 && list[0] === "*")) return rule;
        changed = true;
        return { ...rule, [field]: ["*"] };
      });
      if (changed) moves.push({ what: `rule ${i}'s ${field} as "*"`, query: { ...q, subject } });
    }
  }
  return moves;
}
