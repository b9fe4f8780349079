// "Does not check params against the paramKind": the divergence disappears when a policy's paramKind
// that no resource serves is served, or dropped (as the tool evaluated it), or when the cluster holds no
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

/**
 * A policy whose paramKind no resource serves, read as the tool reads it: the kind served (scoped as
 * its paramRef implies), or the policy without a paramKind. A built-in group's kinds the model does
 * not know are outside it: served or not, it cannot say.
 */
function unserved(q: Query, read: "served" | "dropped"): Query | undefined {
  const s = q.subject;
  if (s.kind !== "ValidatingAdmissionPolicy" && s.kind !== "MutatingAdmissionPolicy") return undefined;
  const kind = s.policy.paramKind;
  if (kind?.apiVersion === undefined || kind.kind === undefined || s.binding === undefined) return undefined;
  if (paramScope(kind, q.cluster) !== undefined || isBuiltinGroup(groupOf(kind.apiVersion))) return undefined;
  if (read === "dropped") {
    const { paramKind: _, ...policy } = s.policy;
    return { ...q, subject: { ...s, policy } };
  }
  const scope = (s.binding.paramRef?.namespace ?? "") === "" ? ("Cluster" as const) : ("Namespaced" as const);
  const customKinds = [...(q.cluster.customKinds ?? []), { apiVersion: kind.apiVersion, kind: kind.kind, scope }];
  return { ...q, cluster: { ...q.cluster, customKinds } };
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
// Served first: with `params` still declared, a condition that reads them compiles as the tool's does.
export const unservedParamKind: Probe = {
  name: "unservedParamKind",
  change: (q) => unserved(q, "served"),
  asIf: true,
  behaviour: () => ignoresParamKindBehaviour,
};

export const droppedParamKind: Probe = {
  name: "droppedParamKind",
  change: (q) => unserved(q, "dropped"),
  asIf: true,
  behaviour: () => ignoresParamKindBehaviour,
};

export const paramsOfOtherKinds: Probe = {
  name: "paramsOfOtherKinds",
  change: withoutOtherKinds,
  behaviour: () => ignoresParamKindBehaviour,
};

export const unservedParamKindRule = probeRule(unservedParamKind);
export const droppedParamKindRule = probeRule(droppedParamKind);
export const paramsOfOtherKindsRule = probeRule(paramsOfOtherKinds);
