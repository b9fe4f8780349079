// "Takes a param from another namespace": the divergence disappears when the params of the
// paramKind outside the namespace kube-apiserver lists (paramRef.namespace, else the request's)
// are removed, objects kube-apiserver never reads. Kyverno's offline loop matches a paramRef by
// name alone once it has one (pkg/admissionpolicy/mutate.go matchesSelector: the name's test
// overwrites the namespace's), and a selector by labels alone.
import type { Query } from "../../../oracles/contract/query.ts";
import type { Behaviour } from "../diagnosis.ts";
import type { Probe } from "./counterfactual.ts";
import { probeRule } from "./counterfactual.ts";
import { ofKind, paramCase } from "./paramCase.ts";

export const paramFromOtherNamespaceBehaviour: Behaviour = {
  name: "takes a param from another namespace",
  title:
    "takes a param from another namespace than the one kube-apiserver lists: for a namespaced paramKind kube-apiserver looks only in paramRef.namespace, or the request's namespace when it is empty, by name or by selector",
  source: "k8s.io/apiserver pkg/admission/plugin/policy/generic/policy_dispatcher.go CollectParams",
};

function withoutOtherNamespaces(q: Query): Query | undefined {
  const c = paramCase(q);
  if (c === undefined || c.scope !== "Namespaced") return undefined;
  const namespace = (c.ref.namespace ?? "") || (q.request.namespace ?? "");
  if (namespace === "") return undefined; // a configuration error, whatever the params
  const params = q.cluster.params ?? [];
  const kept = params.filter((p) => !ofKind(p, c.kind) || (p.metadata.namespace ?? "") === namespace);
  return kept.length === params.length ? undefined : { ...q, cluster: { ...q.cluster, params: kept } };
}

export const paramFromOtherNamespace: Probe = {
  name: "paramFromOtherNamespace",
  change: withoutOtherNamespaces,
  behaviour: () => paramFromOtherNamespaceBehaviour,
};

export const paramFromOtherNamespaceRule = probeRule(paramFromOtherNamespace);
