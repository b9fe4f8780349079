// What the params probes read of a case: a policy with a paramKind whose binding has a paramRef,
// and the params kube-apiserver's CollectParams hands it (oracles/model/params.ts).
import type { ParamObject } from "../../../oracles/contract/cluster.ts";
import type { ParamKind, ParamRef } from "../../../oracles/contract/kube.ts";
import type { Query } from "../../../oracles/contract/query.ts";
import type { PolicySubject } from "../../../oracles/contract/subject.ts";
import { collectParams, type ParamScope, paramScope } from "../../../oracles/model/params.ts";
import { noTrace } from "../../../oracles/model/trace.ts";

export interface ParamCase {
  readonly subject: PolicySubject & { readonly binding: NonNullable<PolicySubject["binding"]> };
  readonly kind: ParamKind;
  readonly ref: ParamRef;
  /** Undefined: kube-apiserver does not serve the paramKind. */
  readonly scope: ParamScope | undefined;
}

export function paramCase(q: Query): ParamCase | undefined {
  const s = q.subject;
  if (s.kind !== "ValidatingAdmissionPolicy" && s.kind !== "MutatingAdmissionPolicy") return undefined;
  const kind = s.policy.paramKind;
  const ref = s.binding?.paramRef;
  if (s.binding === undefined || kind === undefined || ref === undefined) return undefined;
  return { subject: { ...s, binding: s.binding }, kind, ref, scope: paramScope(kind, q.cluster) };
}

/** The params kube-apiserver finds for the policy; undefined on a configuration error or an unserved kind. */
export function paramsFound(q: Query, c: ParamCase): readonly ParamObject[] | undefined {
  if (c.scope === undefined) return undefined;
  // Under Allow, so that none found is an empty list rather than Deny's error.
  const ref = { ...c.ref, parameterNotFoundAction: "Allow" };
  const collected = collectParams(c.kind, c.scope, ref, q.request.namespace ?? "", q.cluster, noTrace);
  return collected.ok ? collected.params.filter((p): p is ParamObject => p !== null) : undefined;
}

/** Is `p` an object of the paramKind? */
export const ofKind = (p: ParamObject, kind: ParamKind) => p.apiVersion === kind.apiVersion && p.kind === kind.kind;

/** The case with the binding's paramRef replaced (undefined: none). */
export function withParamRef(q: Query, c: ParamCase, ref: ParamRef | undefined): Query {
  const { paramRef: _, ...binding } = c.subject.binding;
  return { ...q, subject: { ...c.subject, binding: ref === undefined ? binding : { ...binding, paramRef: ref } } };
}
