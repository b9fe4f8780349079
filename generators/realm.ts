import type fc from "fast-check";
import { cached, drawn, memo, pick, recordDrawn, shuffledSubarray } from "./draw.ts";
import type { LabelsConstraints } from "./labels.ts";
import {
  realisticAnchors,
  realisticLabelKeys,
  realisticLabelValues,
  realisticNamespaces,
  realisticObjectNames,
  realisticTypes,
} from "./realisticResources.ts";
import type { RuleVocabulary } from "./ruleWithOperations.ts";
import type { ResourceType } from "./vocabulary.ts";

/**
 * A realistic scenario's small world: 2–4 resources of a real cluster (built-in or custom), three
 * of its namespaces and a few of its object names. Both the request and the subject's rules are
 * drawn from it, so that rules that do not aim at the request still name its neighbours and about
 * half the decisions match.
 */
export interface Realm {
  readonly resources: readonly ResourceType[];
  readonly namespaces: readonly string[];
  readonly names: readonly string[];
  readonly labels: LabelsConstraints;
  readonly rules: RuleVocabulary;
  /** resourceNames entries: the names, `*` (a name, not a wildcard) and "". */
  readonly ruleNames: readonly string[];
}

const labels: LabelsConstraints = {
  keys: { vocabulary: realisticLabelKeys },
  values: { vocabulary: realisticLabelValues },
};

export function realm(): fc.Arbitrary<Realm> {
  return drawn(drawRealm);
}

/**
 * realm() drawn at once: the record of the anchor (a constantFrom) and three shuffledSubarrays,
 * then the record's prototype draw, asked of the source as fast-check asked them. A realm seldom
 * recurs (5,000 draws, 5,000 realms), nor do its rules' types (23,000 lists in 25,000 realms);
 * the list of its requests' types does (8,400 lists): that list is one array for every realm
 * that draws it, so that what the request's draw works out of it (the types left in scope, their
 * weights: scenarioScope.ts, admissionRequest.ts) is worked out once per list.
 */
export function drawRealm(rng: fc.Random, bias: number | undefined): Realm {
  const anchor = pick(rng, realisticAnchors);
  const others = shuffledSubarray(rng, bias, realisticTypes, 2, 5);
  const namespaces = shuffledSubarray(rng, bias, realisticNamespaces, 3, 3);
  const names = shuffledSubarray(rng, bias, realisticObjectNames, 2, 2);
  recordDrawn(rng);
  // Requests come from the anchor and one to three others; the rest are only named by rules,
  // as a policy on a neighbouring resource is.
  const rest = others.filter((t) => t !== anchor);
  return {
    resources: requestTypes(anchor, rest, Math.max(1, rest.length - 2)),
    namespaces,
    names,
    labels,
    rules: ruleVocabulary([anchor, ...rest]),
    ruleNames: [...names, "*", ""],
  };
}

const typeIndex = new Map(realisticTypes.map((t, i) => [t, i]));
const listOf = cached<number, readonly ResourceType[]>();

/** [anchor, ...rest.slice(0, n)], the same array for the same types: keyed by their indices. */
function requestTypes(anchor: ResourceType, rest: readonly ResourceType[], n: number): readonly ResourceType[] {
  const base = realisticTypes.length + 1;
  let key = indexOf(anchor) + 1;
  for (let i = 0; i < n; i++) key = key * base + indexOf(rest[i] as ResourceType) + 1;
  return listOf(key, () => [anchor, ...rest.slice(0, n)]);
}

function indexOf(t: ResourceType): number {
  const i = typeIndex.get(t);
  if (i === undefined) throw new Error("realm: a type outside realisticTypes");
  return i;
}

/** The tokens a rule may name of one resource type, and its `x/*` entry when it has subresources. */
interface TypeTokens {
  readonly versions: readonly string[];
  readonly resources: readonly string[];
  readonly anySubresource: string | undefined;
}

const tokensOf = memo(
  (t: ResourceType): TypeTokens => ({
    versions: t.versions,
    resources: [t.resource, ...t.subresources.map((s) => `${t.resource}/${s.name}`)],
    anySubresource: t.subresources.length > 0 ? `${t.resource}/*` : undefined,
  }),
);

/**
 * The groups, versions and resource entries of the types, each once, in the order met: a realm's
 * types seldom recur as a list (23,000 lists in 25,000 realms), so this is worked out every time,
 * in arrays scanned for what they hold (a handful of entries each), not Sets.
 */
function ruleVocabulary(types: readonly ResourceType[]): RuleVocabulary {
  const groups: string[] = [];
  const versions: string[] = [];
  const resources: string[] = [];
  for (const t of types) {
    const k = tokensOf(t);
    addNew(groups, t.group);
    for (const v of k.versions) addNew(versions, v);
    for (const r of k.resources) addNew(resources, r);
  }
  for (const t of types) {
    const any = tokensOf(t).anySubresource;
    if (any !== undefined) addNew(resources, any);
  }
  addNew(resources, "*/status");
  addNew(resources, "*");
  return { groups, versions, resources };
}

/** Set.prototype.add on an array: the value appended unless it is in already. */
function addNew(xs: string[], x: string): void {
  if (!xs.includes(x)) xs.push(x);
}
