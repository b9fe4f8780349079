// "Does not exempt what kube-apiserver never sends to admission": the divergence disappears when
// the request leaves the exempt kinds (the same request for a ConfigMap, or a Node where the
// request has no namespace, the rules following the rename), and the implementation answered the
// exempt request as kube-apiserver answers the ordinary one. An unbound policy is given binding {}
// where kube-apiserver's exemption made the binding irrelevant (unboundIrrelevant.ts).
import type { Query } from "../../../oracles/contract/query.ts";
import type { ClauseName } from "../../../oracles/model/clauses.ts";
import { clauses } from "../../../oracles/model/clauses.ts";
import type { Behaviour } from "../diagnosis.ts";
import type { TriageContext } from "../triageContext.ts";
import type { Probe } from "./counterfactual.ts";
import { probeRule } from "./counterfactual.ts";
import { renameResource } from "./rewrite.ts";
import { boundWhereIrrelevant } from "./unboundIrrelevant.ts";

const exemption = (ctx: TriageContext, q: Query): ClauseName | undefined =>
  ctx.model(q, false).clauses.find((c) => /\.exempt/.test(c));

export const exemptKinds: Probe = {
  name: "exemptKinds",
  change(q, ctx) {
    if (exemption(ctx, q) === undefined) return undefined;
    const namespaced = (q.request.namespace ?? "") !== "";
    const to = namespaced ? { resource: "configmaps", kind: "ConfigMap" } : { resource: "nodes", kind: "Node" };
    const { subResource: _, ...request } = q.request;
    const renamed = renameResource(
      { ...q, request },
      {
        resource: { group: "", version: "v1", resource: to.resource },
        kind: { group: "", version: "v1", kind: to.kind },
      },
      "drop",
    );
    return boundWhereIrrelevant(ctx, q, renamed);
  },
  renames: true,
  behaviour: (ctx, q): Behaviour => ({
    name: "does not exempt the admission-exempt kinds",
    title:
      "does not exempt what kube-apiserver never sends to policies and webhooks: the implementation matches requests for the admission configuration kinds, the policy resources or access reviews; kube-apiserver exempts them",
    source: clauses[exemption(ctx, q) ?? "webhook.exemptConfigurationKind"].source,
  }),
};

export const exemptKindsRule = probeRule(exemptKinds);
