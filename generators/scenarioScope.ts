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

/** Request constraints narrowed to the claimed operations, subresources and resources. */
export function requestsInScope(caps: Capabilities): (c: AdmissionRequestConstraints) => AdmissionRequestConstraints {
  const f = caps.features;
  const claimed = (t: ResourceType) =>
    (f.customResources || isBuiltinResourceGroup(t.group)) && (f.exemptions || !exemptGroup(t));
  const narrow = (c: AdmissionRequestConstraints): AdmissionRequestConstraints => ({
    ...c,
    resources: (c.resources ?? resourceTypes).filter(claimed),
    operations: caps.operations,
    subresources: caps.subresources,
    ...(!f.missingNamespaces && { missingNamespaceRate: 0 }),
  });
  const anywhere = narrow({});
  if (!anyDrawable(anywhere)) throw new Error("scenario(): the capabilities admit no request");
  // A corner with nothing left in scope falls back to every resource in scope. The corners but
  // the realistic one recur: each is narrowed once.
  const once = new WeakMap<AdmissionRequestConstraints, AdmissionRequestConstraints>();
  return (c) => {
    let focused = once.get(c);
    if (focused === undefined) {
      focused = narrow(c);
      if (!anyDrawable(focused)) focused = { ...focused, resources: anywhere.resources ?? [] };
      once.set(c, focused);
    }
    return focused;
  };
}

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
