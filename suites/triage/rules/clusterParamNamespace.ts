// "Does not refuse paramRef.namespace for a cluster-scoped paramKind": the divergence disappears
// when the binding's paramRef names no namespace, and the implementation answered the case as
// kube-apiserver answers that one: it looked the cluster-scoped param up by its name (or selector)
// and ignored the namespace. kube-apiserver fails the binding's configuration instead
// (CollectParams: "paramRef.namespace must not be provided for a cluster-scoped `paramKind`").
// Kyverno's offline loop has no such check (pkg/admissionpolicy/validate.go processVAPWithoutClient).
import type { Behaviour } from "../diagnosis.ts";
import type { Probe } from "./counterfactual.ts";
import { probeRule } from "./counterfactual.ts";
import { paramCase, withParamRef } from "./paramCase.ts";

export const clusterParamNamespaceBehaviour: Behaviour = {
  name: "does not refuse paramRef.namespace for a cluster-scoped paramKind",
  title:
    "does not refuse a paramRef.namespace for a cluster-scoped paramKind: the implementation ignores the namespace and evaluates the policy with the cluster-scoped param; kube-apiserver fails the binding's configuration (paramRef.namespace must not be provided for a cluster-scoped `paramKind`) under failurePolicy Fail",
  source: "k8s.io/apiserver pkg/admission/plugin/policy/generic/policy_dispatcher.go CollectParams",
};

export const clusterParamNamespace: Probe = {
  name: "clusterParamNamespace",
  change(q) {
    const c = paramCase(q);
    if (c === undefined || c.scope !== "Cluster" || (c.ref.namespace ?? "") === "") return undefined;
    const { namespace: _, ...ref } = c.ref;
    return withParamRef(q, c, ref);
  },
  asIf: true,
  behaviour: () => clusterParamNamespaceBehaviour,
};

export const clusterParamNamespaceRule = probeRule(clusterParamNamespace);
