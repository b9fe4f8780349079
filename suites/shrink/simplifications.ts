// The moves a reduction tries, simplest first: a simpler subject kind, a canonical request (CREATE,
// the main resource, a core resource such as pods, a short name), then every field, list item,
// namespace and label taken away one at a time, then long label keys and values made short. Each
// move returns a whole new query; the reducer keeps it only while the divergence survives. A new
// kind of move is a file in moves/ and a line here, where its place in the order is decided.
import type { Query } from "../../oracles/contract/query.ts";
import type { Move } from "./move.ts";
import { canonicalRequests } from "./moves/canonicalRequests.ts";
import { everythingRule } from "./moves/everythingRule.ts";
import { exactResources } from "./moves/exactResources.ts";
import { excludesAsIncludes } from "./moves/excludesAsIncludes.ts";
import { kindedEquivalents } from "./moves/kindedEquivalents.ts";
import { ownNamespace } from "./moves/ownNamespace.ts";
import { removals } from "./moves/removals.ts";
import { shorterLabels } from "./moves/shorterLabels.ts";
import { simplerSubjects } from "./moves/simplerSubjects.ts";
import { wildcardRules } from "./moves/wildcardRules.ts";

/** Each kind of move by name, in the order the reducer tries them. */
export const moveKinds = {
  simplerSubjects,
  excludesAsIncludes,
  canonicalRequests,
  everythingRule,
  wildcardRules,
  exactResources,
  kindedEquivalents,
  ownNamespace,
  removals,
  shorterLabels,
} as const satisfies Record<string, (q: Query) => Move[]>;

export function simplifications(q: Query): Move[] {
  return Object.values(moveKinds).flatMap((kind) => kind(q));
}
