import fc from "fast-check";
import { cached } from "./draw.ts";
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
  return fc
    .record({
      anchor: fc.constantFrom(...realisticAnchors),
      others: fc.shuffledSubarray([...realisticTypes], { minLength: 2, maxLength: 5 }),
      namespaces: fc.shuffledSubarray([...realisticNamespaces], { minLength: 3, maxLength: 3 }),
      names: fc.shuffledSubarray([...realisticObjectNames], { minLength: 2, maxLength: 2 }),
    })
    .map(({ anchor, others, namespaces, names }) =>
      // Realms recur (a few thousand of them): each is built once.
      built(`${typeKey(anchor)} ${others.map(typeKey).join()} ${namespaces.join()} ${names.join()}`, () => {
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
      }),
    );
}

const built = cached<string, Realm>();
const typeKey = (t: ResourceType) => `${t.group}/${t.resource}`;

function ruleVocabulary(types: readonly ResourceType[]): RuleVocabulary {
  const unique = (xs: readonly string[]) => [...new Set(xs)];
  return {
    groups: unique(types.map((t) => t.group)),
    versions: unique(types.flatMap((t) => t.versions)),
    resources: unique([
      ...types.flatMap((t) => [t.resource, ...t.subresources.map((s) => `${t.resource}/${s.name}`)]),
      ...types.filter((t) => t.subresources.length > 0).map((t) => `${t.resource}/*`),
      "*/status",
      "*",
    ]),
  };
}
