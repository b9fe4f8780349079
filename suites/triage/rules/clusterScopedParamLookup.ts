// "Looks up a namespaced param for a cluster-scoped request": a namespaced paramKind, a paramRef
// without a namespace, a request without one. kube-apiserver has no namespace to look in and fails
// the binding's configuration (CollectParams: "cannot use namespaced paramRef in policy binding that
// matches cluster-scoped resources"). The divergence disappears when paramRef.namespace names the
// namespace of the param the implementation could have taken (the first of the kind by name, else
// of the kind at all), and it answered as kube-apiserver answers that: it looked in a namespace
// the binding never named instead of refusing. Where no namespace holds one it could take, the
// paramRef is removed instead (evaluated once, `params` null), as such a tool then evaluates. Kyverno's offline loop has no such check
// (pkg/admissionpolicy/validate.go processVAPWithoutClient) and matches a paramRef by name in any
// namespace (mutate.go matchesSelector).
import type { Query } from "../../../oracles/contract/query.ts";
import type { Behaviour } from "../diagnosis.ts";
import type { Probe } from "./counterfactual.ts";
import { probeRule } from "./counterfactual.ts";
import { ofKind, type ParamCase, paramCase, withParamRef } from "./paramCase.ts";

export const clusterScopedParamLookupBehaviour: Behaviour = {
  name: "looks up a namespaced param for a cluster-scoped request",
  title:
    "looks up a namespaced param for a cluster-scoped request whose binding's paramRef names no namespace, and evaluates the policy with a param from a namespace the binding never named (or without params when it finds none): kube-apiserver has no namespace to look in and fails the binding's configuration (cannot use namespaced paramRef in policy binding that matches cluster-scoped resources) under failurePolicy Fail",
  source: "k8s.io/apiserver pkg/admission/plugin/policy/generic/policy_dispatcher.go CollectParams",
};

/** The namespace of the param the tool could take ("" where none), undefined where the case is not one. */
function lookedUpNamespace(q: Query): { c: ParamCase; namespace: string } | undefined {
  const c = paramCase(q);
  if (c === undefined || c.scope !== "Namespaced") return undefined;
  if ((c.ref.namespace ?? "") !== "" || (q.request.namespace ?? "") !== "") return undefined;
  const ofTheKind = (q.cluster.params ?? []).filter((p) => ofKind(p, c.kind));
  const named = ofTheKind.find((p) => c.ref.name !== undefined && p.metadata.name === c.ref.name);
  const byName = c.ref.selector === undefined && (c.ref.name ?? "") !== "";
  return { c, namespace: (byName ? named : (named ?? ofTheKind[0]))?.metadata.namespace ?? "" };
}

export const clusterScopedParamLookup: Probe = {
  name: "clusterScopedParamLookup",
  change(q) {
    const found = lookedUpNamespace(q);
    if (found === undefined || found.namespace === "") return undefined;
    return withParamRef(q, found.c, { ...found.c.ref, namespace: found.namespace });
  },
  asIf: true,
  behaviour: () => clusterScopedParamLookupBehaviour,
};

export const clusterScopedParamNone: Probe = {
  name: "clusterScopedParamNone",
  change(q) {
    const found = lookedUpNamespace(q);
    return found === undefined || found.namespace !== "" ? undefined : withParamRef(q, found.c, undefined);
  },
  asIf: true,
  behaviour: () => clusterScopedParamLookupBehaviour,
};

export const clusterScopedParamLookupRule = probeRule(clusterScopedParamLookup);
export const clusterScopedParamNoneRule = probeRule(clusterScopedParamNone);
