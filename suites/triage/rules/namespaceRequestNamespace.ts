// "Leaves request.namespace empty on a request for a Namespace": on a request for core/v1 namespaces
// (which carries the namespace's own name as its namespace) whose matchConditions read
// request.namespace, the divergence disappears when they read that name as a literal instead; and
// the implementation answered the case as kube-apiserver answers it without a request.namespace
// (asked of the model alone: no real request for a Namespace lacks it). Kyverno builds the
// attributes from the object's metadata.namespace, which a Namespace has not
// (pkg/admissionpolicy/validate.go Validate).
import { agree } from "../../../oracles/contract/agreement.ts";
import type { Query } from "../../../oracles/contract/query.ts";
import { namespacesGVR } from "../../../oracles/model/attributes.ts";
import type { Behaviour } from "../diagnosis.ts";
import type { Probe } from "./counterfactual.ts";
import { probeRule } from "./counterfactual.ts";
import { conditionsOf, withConditions } from "./rewrite.ts";

export const namespaceRequestNamespaceBehaviour: Behaviour = {
  name: "leaves request.namespace empty on a request for a Namespace",
  title:
    "leaves request.namespace empty on a request for a Namespace: the implementation's matchConditions see no request.namespace on a request for core/v1 namespaces; kube-apiserver gives such a request the namespace's own name as its namespace",
  source: "k8s.io/apiserver pkg/endpoints/handlers/create.go createHandler (namespace = name for namespaces)",
};

const reads = /request\.namespace\b/;

/** The namespace of a request for a Namespace whose conditions read request.namespace; undefined otherwise. */
function namespaceOf(q: Query): string | undefined {
  const r = q.request;
  const ns = r.namespace ?? "";
  const gvr = r.resource;
  if (ns === "" || gvr.group !== namespacesGVR.group || gvr.version !== namespacesGVR.version) return undefined;
  if (gvr.resource !== namespacesGVR.resource || (r.subResource ?? "") !== "") return undefined;
  return (conditionsOf(q.subject) ?? []).some((c) => reads.test(c.expression ?? "")) ? ns : undefined;
}

export const namespaceRequestNamespace: Probe = {
  name: "namespaceRequestNamespace",
  change(q) {
    const ns = namespaceOf(q);
    if (ns === undefined) return undefined;
    const literal = JSON.stringify(ns);
    const conditions = conditionsOf(q.subject)?.map((c) => ({
      ...c,
      expression: (c.expression ?? "")
        .replace(/has\(\s*request\.namespace\s*\)/g, "true")
        .replace(/request\.namespace\b/g, literal),
    }));
    return { ...q, subject: withConditions(q.subject, conditions) };
  },
  async confirm(ctx, q) {
    const { namespace: _, ...request } = q.request;
    const without = ctx.model({ ...q, request }, false).outcome;
    const answer = await ctx.outcomeOf(q);
    return answer !== undefined && agree(without, answer);
  },
  behaviour: () => namespaceRequestNamespaceBehaviour,
};

export const namespaceRequestNamespaceRule = probeRule(namespaceRequestNamespace);
