// "Does not check params against the paramKind": the divergence disappears when a policy whose
// paramKind no resource serves has none (as the tool evaluated it), or when the cluster holds no
// params of another kind (objects kube-apiserver never lists for it). kube-apiserver fails a
// policy whose paramKind no resource serves (a configuration error) and lists only objects of that
// kind; Kyverno's offline loop hands the policy any parameter resource its files hold whose name or
// labels fit (pkg/admissionpolicy/mutate.go matchesSelector), whatever its kind.

import { isBuiltinGroup } from "../../../oracles/contract/features.ts";
import type { Query } from "../../../oracles/contract/query.ts";
import { groupOf, paramScope } from "../../../oracles/model/params.ts";
import type { Behaviour } from "../diagnosis.ts";
import type { Probe } from "./counterfactual.ts";
import { probeRule } from "./counterfactual.ts";
import { ofKind, paramCase } from "./paramCase.ts";

export const ignoresParamKindBehaviour: Behaviour = {
  name: "does not check params against the paramKind",
  title:
    "does not check params against the policy's paramKind: the implementation evaluates a policy whose paramKind no resource serves as if it had none, and hands it objects of another kind; kube-apiserver fails such a policy with a configuration error (failed to find resource referenced by paramKind) under failurePolicy Fail, and lists only objects of the paramKind",
  source: "k8s.io/apiserver pkg/admission/plugin/policy/generic/policy_source.go ensureParamsForPolicyLocked",
};

/** A policy whose paramKind no resource serves, evaluated as if it had none (`params` null). */
function withoutUnservedKind(q: Query): Query | undefined {
  const s = q.subject;
  if (s.kind !== "ValidatingAdmissionPolicy" && s.kind !== "MutatingAdmissionPolicy") return undefined;
  const kind = s.policy.paramKind;
  if (kind?.apiVersion === undefined || s.binding === undefined) return undefined;
  // With or without a paramRef: the configuration error comes before any binding's. A built-in
  // group's kinds the model does not know are outside it: served or not, it cannot say.
  if (paramScope(kind, q.cluster) !== undefined || isBuiltinGroup(groupOf(kind.apiVersion))) return undefined;
  const { paramKind: _, ...policy } = s.policy;
  return { ...q, subject: { ...s, policy } };
}

/** The cluster without params of another kind than a served paramKind: objects kube-apiserver never lists for it. */
function withoutOtherKinds(q: Query): Query | undefined {
  const c = paramCase(q);
  if (c === undefined || c.scope === undefined) return undefined;
  const params = q.cluster.params ?? [];
  const kept = params.filter((p) => ofKind(p, c.kind));
  return kept.length === params.length ? undefined : { ...q, cluster: { ...q.cluster, params: kept } };
}

// Two changes, one behaviour: the first changes kube-apiserver's decision (the tool answered as
// if the change were made), the second does not (the tool read objects kube-apiserver ignores).
export const unservedParamKind: Probe = {
  name: "unservedParamKind",
  change: withoutUnservedKind,
  asIf: true,
  behaviour: () => ignoresParamKindBehaviour,
};

export const paramsOfOtherKinds: Probe = {
  name: "paramsOfOtherKinds",
  change: withoutOtherKinds,
  behaviour: () => ignoresParamKindBehaviour,
};

export const unservedParamKindRule = probeRule(unservedParamKind);
export const paramsOfOtherKindsRule = probeRule(paramsOfOtherKinds);
