import fc from "fast-check";
import type { Cluster } from "../oracles/contract/cluster.ts";
import type { AdmissionRequest, EquivalentResource } from "../oracles/contract/kube.ts";
import { drawn, recordDrawn, take } from "./draw.ts";
import { defineOwn, labelObjectWith } from "./labelObject.ts";
import type { LabelsConstraints } from "./labels.ts";
import { drawLabelEntries } from "./labels.ts";
import { customResourceOf } from "./realisticResources.ts";
import { drawUnitRoll } from "./unitDouble.ts";
import { namespaceNames } from "./vocabulary.ts";

/**
 * The cluster a matcher consults (docs/case-format.md, Cluster): the namespaces that exist, with
 * labels from the selectors' vocabulary and the `kubernetes.io/metadata.name` label the API server
 * always sets; and, for a custom resource (the synthetic multi-version widgets.example.com and
 * the CRDs of realisticResources.ts), the equivalents its CRD registers:
 *
 * > RegisterKindFor is called for every entry of spec.versions, served or not, in spec order
 * (upstream-semantics.md §5, apiextensions-apiserver customresource_handler.go).
 *
 * Other resources leave `equivalentResources` out: the built-in registry of the minor decides.
 */
export interface ClusterConstraints {
  readonly namespaces?: readonly string[];
  /** The namespaces' labels (default the shared vocabulary). */
  readonly labels?: LabelsConstraints;
  /**
   * How often an equivalent of widgets.example.com has no kind, which upstream reports as an error
   * (default 0.15). No real cluster registers a version without its kind: scenario() draws these
   * only with its `unrealInputs` option.
   */
  readonly unknownKindRate?: number;
  /** Keep the request's namespace (default false: each namespace is left out one time in ten). */
  readonly keepRequestNamespace?: boolean;
}

export function cluster(request: AdmissionRequest, constraints: ClusterConstraints = {}): fc.Arbitrary<Cluster> {
  return drawn((rng, bias) => drawCluster(rng, bias, request, constraints));
}

/** cluster(request, constraints), drawn at once: each namespace's labels and roll, then the CRD's equivalents. */
export function drawCluster(
  rng: fc.Random,
  bias: number | undefined,
  request: AdmissionRequest,
  constraints: ClusterConstraints,
): Cluster {
  // The namespaces' object is written as they are kept (Object.fromEntries of a list of them cost
  // a fortieth of a scenario's draw).
  const namespaces: Record<string, Record<string, string>> = {};
  for (const n of constraints.namespaces ?? namespaceNames) {
    // The labels' object is built once, with the name's label, and only for a namespace kept.
    const l = drawLabelEntries(rng, bias, constraints.labels ?? anyLabels);
    const kept = drawUnitRoll(rng, bias) < 0.9 || (constraints.keepRequestNamespace && n === request.namespace);
    if (kept) defineOwn(namespaces, n, labelObjectWith(l, "kubernetes.io/metadata.name", n));
  }
  const eq = crdEquivalents(rng, bias, request, constraints.unknownKindRate ?? 0.15);
  recordDrawn(rng);
  return eq ? { namespaces, equivalentResources: eq } : { namespaces };
}

const anyLabels: LabelsConstraints = {};

const widgetVersions = fc.shuffledSubarray(["v1", "v2", "v1beta1"], { minLength: 1 });
const anyNat = fc.nat();

function crdEquivalents(
  rng: fc.Random,
  bias: number | undefined,
  request: AdmissionRequest,
  unknownKindRate: number,
): EquivalentResource[] | undefined {
  const { group, resource } = request.resource;
  const real = customResourceOf(group, resource);
  if (real !== undefined) return realCrdEquivalents(request, real.kind, real.versions);
  if (group !== "example.com" || resource !== "widgets") return undefined;
  const sub = request.subResource ?? "";
  const member = (version: string): EquivalentResource => ({
    resource: { group, version, resource },
    kind: { group, version, kind: "Widget" },
  });
  const versions = take(widgetVersions, rng, bias);
  const roll = drawUnitRoll(rng, bias);
  const which = take(anyNat, rng, bias);
  // The request's own version is always registered: it is being served.
  const all = versions.includes(request.resource.version) ? versions : [request.resource.version, ...versions];
  const members = sub === "" || sub === "status" ? all.map(member) : [member(request.resource.version)];
  if (roll >= unknownKindRate || members.length < 2) return members;
  // Any member but the request's own resource, which is served and so has its kind.
  const others = members.map((_, i) => i).filter((i) => members[i]?.resource.version !== request.resource.version);
  const emptied = others[which % others.length];
  return members.map((m, i) => (i === emptied ? { ...m, kind: { group: "", version: "", kind: "" } } : m));
}

/**
 * A real CRD's registry answer: every version of spec.versions, in order, with its kind; a
 * subresource other than status is registered only at the request's version.
 */
function realCrdEquivalents(
  request: AdmissionRequest,
  kind: string,
  versions: readonly string[],
): EquivalentResource[] {
  const { group, resource } = request.resource;
  const sub = request.subResource ?? "";
  const all = sub === "" || sub === "status" ? versions : [request.resource.version];
  return all.map((version) => ({ resource: { group, version, resource }, kind: { group, version, kind } }));
}
