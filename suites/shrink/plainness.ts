// How far a query is from the plainest case the moves aim at, one count per kind of move. Each
// move lowers the count of its own kind (moves/*.test.ts hold every move to it); the reducer itself
// needs no measure (it stops when a pass keeps no move), so this is the yardstick its moves answer
// to, and why a reduction cannot go round in circles.
import type { Query } from "../../oracles/contract/query.ts";
import type { AnyRule } from "./moves/ruleLists.ts";
import { mapRuleLists } from "./moves/ruleLists.ts";
import { collectLabels, shortKeys, shortValues } from "./moves/shorterLabels.ts";
import { isRealName, isRealResource, realLabelKeys, realLabelValues } from "./realVocabulary.ts";
import type { moveKinds } from "./simplifications.ts";

export type MoveKind = keyof typeof moveKinds;

const subjectRank = {
  MatchResources: 0,
  ValidatingAdmissionPolicy: 1,
  MutatingAdmissionPolicy: 2,
  ValidatingWebhook: 3,
  MutatingWebhook: 4,
} as const;

const operationRank: Readonly<Record<string, number>> = { CREATE: 0, UPDATE: 1, DELETE: 2, CONNECT: 3 };

function rulesOf(q: Query): AnyRule[] {
  const rules: AnyRule[] = [];
  mapRuleLists(q.subject, (rule) => {
    rules.push(rule);
    return rule;
  });
  return rules.filter((r) => (r as AnyRule | null) !== null);
}

/** How far the request is from CREATE of a main resource named web, or of a real one with a real name. */
function requestDistance(q: Query): number {
  const r = q.request;
  const canonical = r.namespace ? "pods" : "nodes";
  const generated = (r.object?.metadata as { generateName?: unknown } | null | undefined)?.generateName;
  return (
    (operationRank[r.operation] ?? 0) +
    ((r.subResource ?? "") === "" ? 0 : 1) +
    ((r.resource.group === "" && r.resource.resource === canonical) || isRealResource(r.resource) ? 0 : 1) +
    ((r.name ?? "") === "" || isRealName(r.name ?? "") ? 0 : 1) +
    (generated === undefined ? 0 : 1)
  );
}

/** Side conditions the repairs remove: an empty rule list, kindless equivalents, a missing own namespace. */
function sideConditions(q: Query): number {
  const s = q.subject;
  const emptyRules = s.kind === "MatchResources" && (s.matchResources?.resourceRules ?? []).length === 0 ? 1 : 0;
  const kindless = (q.cluster.equivalentResources ?? []).filter((e) => e.kind.kind === "").length;
  const ns = q.request.namespace ?? "";
  const missing = ns !== "" && q.cluster.namespaces?.[ns] === undefined ? 1 : 0;
  return emptyRules + kindless + missing;
}

/**
 * Label strings not yet among the short or the real ones: keys, and values over three characters. A renamed
 * key may also be a value somewhere (replaced there too), so a string short in either role counts
 * as short in both.
 */
function longLabels(q: Query): number {
  const keys = new Set<string>();
  const values = new Set<string>();
  collectLabels(q, keys, values);
  const short = new Set<string>([...shortKeys, ...shortValues, ...realLabelKeys, ...realLabelValues]);
  const long = new Set<string>([
    ...[...keys].filter((k) => !short.has(k)),
    ...[...values].filter((v) => v.length > 3 && !short.has(v)),
  ]);
  return long.size;
}

/** The count each kind of move lowers. */
export function plainness(q: Query): Record<MoveKind, number> {
  const rules = rulesOf(q);
  const fields = ["operations", "apiGroups", "apiVersions"] as const;
  const s = q.subject;
  const sides = sideConditions(q);
  return {
    simplerSubjects: subjectRank[s.kind],
    excludesAsIncludes: s.kind === "MatchResources" ? (s.matchResources?.excludeResourceRules ?? []).length : 0,
    canonicalRequests: requestDistance(q),
    everythingRule: sides,
    wildcardRules: rules.flatMap((r) => fields.filter((f) => r[f] !== undefined && JSON.stringify(r[f]) !== '["*"]'))
      .length,
    exactResources: rules.flatMap((r) => (r.resources ?? []).filter((x) => x.includes("*"))).length,
    kindedEquivalents: sides,
    ownNamespace: sides,
    removals: JSON.stringify(q).length,
    shorterLabels: longLabels(q),
  };
}
