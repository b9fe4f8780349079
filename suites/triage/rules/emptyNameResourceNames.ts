// "Never matches the name "" in resourceNames": for a request without a name (a CREATE with
// generateName, a DELETE of a collection), the divergence disappears when the rules that name ""
// name nothing (every name matches, "" too, so kube-apiserver decides alike); and the request left
// without generateName still diverges, so the prefix is not what the implementation reads
// (generateNameAsName.ts). kube-apiserver compares the request's name with resourceNames literally.
import type { NamedRuleWithOperations } from "../../../oracles/contract/kube.ts";
import type { Query } from "../../../oracles/contract/query.ts";
import type { Behaviour } from "../diagnosis.ts";
import type { Probe } from "./counterfactual.ts";
import { agreesOn, probeRule } from "./counterfactual.ts";
import { mapRules } from "./rewrite.ts";

export const emptyNameBehaviour: Behaviour = {
  name: 'never matches the name "" in resourceNames',
  title:
    'never matches resourceNames "" to a request without a name: the implementation lets no resourceNames entry match a request whose name is "" (a CREATE with generateName, a DELETE of a collection), in resourceRules or excludeResourceRules; kube-apiserver compares the name literally, and "" in resourceNames matches it',
  source: "k8s.io/apiserver pkg/admission/plugin/policy/matching/matching.go matchesResourceRules",
};

export const emptyNameResourceNames: Probe = {
  name: "emptyNameResourceNames",
  change(q: Query) {
    if ((q.request.name ?? "") !== "") return undefined;
    let changed = false;
    const unnamed = (r: NamedRuleWithOperations): NamedRuleWithOperations => {
      if (!r.resourceNames?.includes("")) return r;
      changed = true;
      const { resourceNames: _, ...rest } = r;
      return rest;
    };
    const subject = mapRules(q.subject, unnamed);
    return changed ? { ...q, subject } : undefined;
  },
  async confirm(ctx, q) {
    const r = q.request;
    const meta = (r.object as { metadata?: Record<string, unknown> } | null | undefined)?.metadata;
    if (meta === undefined || meta === null || !("generateName" in meta)) return true;
    const { generateName: _, ...rest } = meta;
    return !(await agreesOn(ctx, { ...q, request: { ...r, object: { ...r.object, metadata: rest } } }));
  },
  behaviour: () => emptyNameBehaviour,
};

export const emptyNameResourceNamesRule = probeRule(emptyNameResourceNames);
