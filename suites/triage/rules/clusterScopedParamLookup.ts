// "Looks up a namespaced param for a cluster-scoped request": a namespaced paramKind, a paramRef
// without a namespace, a request without one. kube-apiserver has no namespace to look in and fails
// the binding's configuration (CollectParams: "cannot use namespaced paramRef in policy binding that
// matches cluster-scoped resources"). The divergence disappears when paramRef.namespace names the
// namespace of the param the implementation could have taken (the first of the kind by name, else
// of the kind at all), and it answered as kube-apiserver answers that: it looked in a namespace
// the binding never named instead of refusing. Kyverno's offline loop has no such check
// (pkg/admissionpolicy/validate.go processVAPWithoutClient) and matches a paramRef by name in any
// namespace (mutate.go matchesSelector).
import type { Query } from "../../../oracles/contract/query.ts";
import type { Behaviour } from "../diagnosis.ts";
import type { Probe } from "./counterfactual.ts";
import { probeRule } from "./counterfactual.ts";
import { ofKind, paramCase, withParamRef } from "./paramCase.ts";

export const clusterScopedParamLookupBehaviour: Behaviour = {
  name: "looks up a namespaced param for a cluster-scoped request",
  title:
    "looks up a namespaced param for a cluster-scoped request whose binding's paramRef names no namespace, and evaluates the policy with a param from a namespace the binding never named: kube-apiserver has no namespace to look in and fails the binding's configuration (cannot use namespaced paramRef in policy binding that matches cluster-scoped resources) under failurePolicy Fail",
  source: "k8s.io/apiserver pkg/admission/plugin/policy/generic/policy_dispatcher.go CollectParams",
};

function withParamNamespace(q: Query): Query | undefined {
  const c = paramCase(q);
  if (c === undefined || c.scope !== "Namespaced") return undefined;
  if ((c.ref.namespace ?? "") !== "" || (q.request.namespace ?? "") !== "") return undefined;
  const ofTheKind = (q.cluster.params ?? []).filter((p) => ofKind(p, c.kind));
  const named = ofTheKind.find((p) => c.ref.name !== undefined && p.metadata.name === c.ref.name);
  const namespace = (named ?? ofTheKind[0])?.metadata.namespace ?? "";
  return namespace === "" ? undefined : withParamRef(q, c, { ...c.ref, namespace });
}

export const clusterScopedParamLookup: Probe = {
  name: "clusterScopedParamLookup",
  change: withParamNamespace,
  asIf: true,
  behaviour: () => clusterScopedParamLookupBehaviour,
};

export const clusterScopedParamLookupRule = probeRule(clusterScopedParamLookup);
