import fc from "fast-check";
import type { Cluster } from "../oracles/contract/cluster.ts";
import type { AdmissionRequest, EquivalentResource } from "../oracles/contract/kube.ts";
import { labels } from "./labels.ts";
import { namespaceNames } from "./vocabulary.ts";

/**
 * The cluster a matcher consults (docs/case-format.md, Cluster): the namespaces that exist, with
 * labels from the selectors' vocabulary and the `kubernetes.io/metadata.name` label the API server
 * always sets; and, for the synthetic multi-version CRD widgets.example.com, the equivalents its
 * CRD registers:
 *
 * > RegisterKindFor is called for every entry of spec.versions, served or not, in spec order
 * (upstream-semantics.md §5, apiextensions-apiserver customresource_handler.go).
 *
 * Other resources leave `equivalentResources` out: the built-in registry of the minor decides.
 */
export interface ClusterConstraints {
  readonly namespaces?: readonly string[];
  /** How often an equivalent of the CRD has no kind, which upstream reports as an error (default 0.15). */
  readonly unknownKindRate?: number;
  /** Keep the request's namespace (default false: each namespace is left out one time in ten). */
  readonly keepRequestNamespace?: boolean;
}

export function cluster(request: AdmissionRequest, constraints: ClusterConstraints = {}): fc.Arbitrary<Cluster> {
  const names = constraints.namespaces ?? namespaceNames;
  const namespaces = fc
    .tuple(...names.map((n) => fc.tuple(fc.constant(n), labels(), fc.double({ min: 0, max: 1, noNaN: true }))))
    .map((entries) =>
      Object.fromEntries(
        entries
          .filter(([n, , roll]) => roll < 0.9 || (constraints.keepRequestNamespace && n === request.namespace))
          .map(([n, l]) => [n, { ...l, "kubernetes.io/metadata.name": n }]),
      ),
    );
  const equivalents = crdEquivalents(request, constraints.unknownKindRate ?? 0.15);
  return fc.record({ namespaces, equivalents }).map(({ namespaces: ns, equivalents: eq }) => ({
    namespaces: ns,
    ...(eq && { equivalentResources: eq }),
  }));
}

function crdEquivalents(
  request: AdmissionRequest,
  unknownKindRate: number,
): fc.Arbitrary<EquivalentResource[] | undefined> {
  const { group, resource } = request.resource;
  if (group !== "example.com" || resource !== "widgets") return fc.constant(undefined);
  const sub = request.subResource ?? "";
  const member = (version: string): EquivalentResource => ({
    resource: { group, version, resource },
    kind: { group, version, kind: "Widget" },
  });
  return fc
    .tuple(
      fc.shuffledSubarray(["v1", "v2", "v1beta1"], { minLength: 1 }),
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.nat(),
    )
    .map(([versions, roll, which]) => {
      // The request's own version is always registered: it is being served.
      const all = versions.includes(request.resource.version) ? versions : [request.resource.version, ...versions];
      const members = sub === "" || sub === "status" ? all.map(member) : [member(request.resource.version)];
      if (roll >= unknownKindRate || members.length < 2) return members;
      // Any member but the request's own resource, which is served and so has its kind.
      const others = members.map((_, i) => i).filter((i) => members[i]?.resource.version !== request.resource.version);
      const emptied = others[which % others.length];
      return members.map((m, i) => (i === emptied ? { ...m, kind: { group: "", version: "", kind: "" } } : m));
    });
}
