// k8s.io/apimachinery pkg/runtime/mapper.go equivalentResourceRegistry: EquivalentResourcesFor and KindFor.
import type { Cluster } from "../contract/cluster.ts";
import type { EquivalentResource, GroupVersionKind, GroupVersionResource } from "../contract/kube.ts";
import type { Minor } from "../contract/versions.ts";
import { minorsInRange } from "../contract/versions.ts";
import registry from "./data/equivalent-resources.json" with { type: "json" };

interface Family {
  readonly minors: string;
  readonly subresource: string;
  readonly members: readonly EquivalentResource[];
}

const families: readonly (Family & { readonly inMinors: readonly Minor[] })[] = registry.families.map((f) => {
  const range = minorsInRange(f.minors);
  if (!range.ok) throw new Error(`equivalent-resources.json: ${range.error}`);
  return { ...f, inMinors: range.minors };
});

/**
 * The registry's answer for a resource and subresource, in registration order, the resource itself
 * included: the case's `cluster.equivalentResources` when given, else the built-in registry of the minor.
 */
export function equivalentResourcesFor(
  resource: GroupVersionResource,
  subResource: string,
  cluster: Cluster,
  minor: Minor,
): readonly EquivalentResource[] {
  if (cluster.equivalentResources !== undefined) return cluster.equivalentResources;
  return builtinEquivalents(resource, subResource, minor);
}

/** The built-in registry: keyed by group and resource (any version) and subresource. */
export function builtinEquivalents(
  resource: GroupVersionResource,
  subResource: string,
  minor: Minor,
): readonly EquivalentResource[] {
  return familyIndex.get(minor)?.get(subResource)?.get(resource.group)?.get(resource.resource) ?? none;
}

const none: readonly EquivalentResource[] = [];

/** One level of the index: its map for the key, made when first asked for. */
function level<V>(m: Map<string, Map<string, V>>, key: string): Map<string, V> {
  let next = m.get(key);
  if (next === undefined) {
    next = new Map();
    m.set(key, next);
  }
  return next;
}

// Every (minor, subresource, group, resource) a family answers, to the first family that does, as
// a search of the families in order finds it: a decision under Equivalent asks once per request,
// and so does every generated scenario. Maps nested by part, not one map keyed by the four parts
// joined: a key built for each question cost more than the four lookups.
const familyIndex = new Map<string, Map<string, Map<string, Map<string, readonly EquivalentResource[]>>>>();
for (const f of families) {
  for (const minor of f.inMinors) {
    for (const m of f.members) {
      const byResource = level(level(level(familyIndex, minor), f.subresource), m.resource.group);
      if (!byResource.has(m.resource.resource)) byResource.set(m.resource.resource, f.members);
    }
  }
}

/** The error of KindFor for an equivalent without a kind, as fmt prints a GroupVersionResource. */
export function unknownKind(resource: GroupVersionResource): string {
  return `unable to convert to ${resource.group}/${resource.version}, Resource=${resource.resource}: unknown kind`;
}

/** schema.GroupVersionKind.Empty(): all three fields empty; a kind with only its name empty is not. */
export function isEmptyKind(kind: GroupVersionKind): boolean {
  return kind.group === "" && kind.version === "" && kind.kind === "";
}
