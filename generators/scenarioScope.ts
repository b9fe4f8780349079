// The corners of the request space a scenario may focus on, and the swarm and request constraints
// narrowed to what an implementation claims (scenario.ts draws within them).
import type { Capabilities } from "../oracles/contract/capabilities.ts";
import { isBuiltinResourceGroup } from "../oracles/contract/features.ts";
import type { AdmissionRequestConstraints } from "./admissionRequest.ts";
import { anyDrawable } from "./admissionRequest.ts";
import type { Swarm, SwarmConstraints } from "./swarm.ts";
import type { ResourceType } from "./vocabulary.ts";
import { resourceTypes } from "./vocabulary.ts";

// The CRD twice: its equivalents come from the cluster and may lack a kind.
const withEquivalents = resourceTypes.filter((t) =>
  ["events", "horizontalpodautoscalers", "widgets", "widgets"].includes(t.resource),
);
const widgets = resourceTypes.filter((t) => t.resource === "widgets");
const exemptGroup = (t: ResourceType) => /^(admissionregistration|authentication|authorization)\./.test(t.group);
const exemptTypes = resourceTypes.filter(exemptGroup);

/** The corners of the swarm that the capabilities leave. */
export function swarmInScope(given: SwarmConstraints | undefined, caps: Capabilities): SwarmConstraints {
  const f = caps.features;
  const foci = (given?.foci ?? (["missingNamespace", "equivalents", "exempt"] as const)).filter(
    (x) =>
      (x !== "missingNamespace" || f.missingNamespaces) &&
      (x !== "equivalents" || f.equivalent) &&
      (x !== "exempt" || f.exemptions),
  );
  return { ...given, foci, ...(!f.equivalent && { equivalentForced: false }) };
}

/**
 * Request constraints narrowed to the claimed operations, subresources and resources. A corner's
 * constraints recur, and are narrowed once; those given with `recurs` false (a realm's, new for
 * each scenario) are narrowed each time, of their resources only the list's narrowing kept, once
 * per list (realm.ts keeps one array per list of a realm's types).
 */
export function requestsInScope(
  caps: Capabilities,
): (c: AdmissionRequestConstraints, recurs?: boolean) => AdmissionRequestConstraints {
  const f = caps.features;
  const claimed = (t: ResourceType) =>
    (f.customResources || isBuiltinResourceGroup(t.group)) && (f.exemptions || !exemptGroup(t));
  const rest = { operations: caps.operations, subresources: caps.subresources };
  const narrowedList = (list: readonly ResourceType[]) => list.filter(claimed);
  const anywhere = narrowedList(resourceTypes);
  if (!anyDrawable({ ...rest, resources: anywhere })) throw new Error("scenario(): the capabilities admit no request");
  // A corner with nothing left in scope falls back to every resource in scope.
  const inScope = new WeakMap<readonly ResourceType[], readonly ResourceType[]>();
  const resourcesOf = (list: readonly ResourceType[]) => {
    let kept = inScope.get(list);
    if (kept === undefined) {
      kept = narrowedList(list);
      if (!anyDrawable({ ...rest, resources: kept })) kept = anywhere;
      inScope.set(list, kept);
    }
    return kept;
  };
  // Key by key, not a spread of c (which cost a fiftieth of a scenario's draw for a realm's); a
  // key added to the constraints and not copied here fails to compile (_allCopied below).
  const narrow = (c: AdmissionRequestConstraints): AdmissionRequestConstraints => {
    const n: Mutable<AdmissionRequestConstraints> = {
      resources: resourcesOf(c.resources ?? resourceTypes),
      operations: caps.operations,
      subresources: caps.subresources,
    };
    if (c.namespaces !== undefined) n.namespaces = c.namespaces;
    if (c.names !== undefined) n.names = c.names;
    if (c.labels !== undefined) n.labels = c.labels;
    const missing = f.missingNamespaces ? c.missingNamespaceRate : 0;
    if (missing !== undefined) n.missingNamespaceRate = missing;
    return n;
  };
  const once = new WeakMap<AdmissionRequestConstraints, AdmissionRequestConstraints>();
  return (c, recurs = true) => {
    if (!recurs) return narrow(c);
    let focused = once.get(c);
    if (focused === undefined) {
      focused = narrow(c);
      once.set(c, focused);
    }
    return focused;
  };
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** The keys requestsInScope's narrow() copies or sets. */
type Copied = "resources" | "operations" | "subresources" | "namespaces" | "names" | "labels" | "missingNamespaceRate";
const _allCopied: Exclude<keyof AdmissionRequestConstraints, Copied> extends never ? true : never = true;

/** Without the Equivalent pass, a request whose resource has equivalents meets only Exact subjects. */
export function exactWhere(caps: Capabilities): boolean {
  return !caps.features.equivalent;
}

export const corners = {
  missingNamespace: { missingNamespaceRate: 0.6 },
  equivalents: { resources: [...withEquivalents, ...widgets] },
  exempt: { resources: exemptTypes },
  none: {},
} as const satisfies Record<Exclude<Swarm["focus"], "realistic">, AdmissionRequestConstraints>;
