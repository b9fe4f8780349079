import type fc from "fast-check";
import { drawn, memo, pick, recordDrawn, shuffledSubarray } from "./draw.ts";
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
 * recurs (5,000 draws, 5,000 realms), so nothing is cached by realm; what it is built from is
 * worked out once per resource type.
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
  const resources = [anchor, ...rest.slice(0, Math.max(1, rest.length - 2))];
  return {
    resources,
    namespaces,
    names,
    labels,
    rules: ruleVocabulary([...resources, ...rest.slice(resources.length - 1)]),
    ruleNames: [...names, "*", ""],
  };
}

/** The tokens a rule may name of one resource type, and whether it has subresources. */
interface TypeTokens {
  readonly versions: readonly string[];
  readonly resources: readonly string[];
  readonly hasSubresources: boolean;
}

const tokensOf = memo(
  (t: ResourceType): TypeTokens => ({
    versions: t.versions,
    resources: [t.resource, ...t.subresources.map((s) => `${t.resource}/${s.name}`)],
    hasSubresources: t.subresources.length > 0,
  }),
);

function ruleVocabulary(types: readonly ResourceType[]): RuleVocabulary {
  const groups = new Set<string>();
  const versions = new Set<string>();
  const resources = new Set<string>();
  for (const t of types) {
    const k = tokensOf(t);
    groups.add(t.group);
    for (const v of k.versions) versions.add(v);
    for (const r of k.resources) resources.add(r);
  }
  for (const t of types) if (tokensOf(t).hasSubresources) resources.add(`${t.resource}/*`);
  resources.add("*/status");
  resources.add("*");
  return { groups: [...groups], versions: [...versions], resources: [...resources] };
}
