// Wildcard resources written as the request's own, one rule at a time.
import type { Query } from "../../../oracles/contract/query.ts";
import type { Move } from "../move.ts";
import { mapRuleLists, ruleCount } from "./ruleLists.ts";

/** A wildcard resource entry (star, star-slash-star, pods-slash-star) written as the request's own resource. */
export function exactResources(q: Query): Move[] {
  const r = q.request;
  const own = r.subResource ? `${r.resource.resource}/${r.subResource}` : r.resource.resource;
  const moves: Move[] = [];
  const lists = ruleCount(q.subject);
  for (let i = 0; i < lists; i++) {
    let n = 0;
    let changed = false;
    const subject = mapRuleLists(q.subject, (rule) => {
      if (n++ !== i || rule.resources === undefined) return rule;
      const resources = [...new Set(rule.resources.map((x) => (x.includes("*") ? own : x)))];
      if (JSON.stringify(resources) === JSON.stringify(rule.resources)) return rule;
      changed = true;
      return { ...rule, resources };
    });
    if (changed) moves.push({ what: `rule ${i}'s wildcard resources as ${own}`, query: { ...q, subject } });
  }
  return moves;
}
