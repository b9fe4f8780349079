// Whether a query is sent to an implementation, and why not: outside what it claims
// (oracles/contract/capabilities.ts) or outside what the reference model decides. Pure: the
// model's own defaulting, validation, registry and exemptions decide.
import type { Capabilities } from "../contract/capabilities.ts";
import { claimsSubjectAt, claimsSubresource } from "../contract/capabilities.ts";
import {
  carriesMatchConditions,
  carriesParams,
  isBuiltinResourceGroup,
  isUnboundPolicy,
} from "../contract/features.ts";
import type { AdmissionRequest, GroupVersionResource } from "../contract/kube.ts";
import type { Query } from "../contract/query.ts";
import type { Subject } from "../contract/subject.ts";
import type { Minor } from "../contract/versions.ts";
import { sameGVR, toAttributes } from "../model/attributes.ts";
import { servesSubject } from "../model/decide.ts";
import { defaultSubject } from "../model/defaulting.ts";
import { equivalentResourcesFor } from "../model/equivalents.ts";
import {
  isAuthReview,
  isExemptAdmissionConfigurationKind,
  isPolicyConfigurationResource,
} from "../model/exemptions.ts";
import { outsideModel } from "../model/outsideModel.ts";
import { noTrace } from "../model/trace.ts";
import { validateSubject } from "../model/validation.ts";

/** Resources that an exemption names, whatever the subject kind (oracles/model/exemptions.ts). */
export function isExemptRequest(request: AdmissionRequest, minor: Minor): boolean {
  const attr = toAttributes(request);
  return isAuthReview(attr) || isPolicyConfigurationResource(attr) || isExemptAdmissionConfigurationKind(attr, minor);
}

/** A namespace lookup that finds nothing: the request's namespace is set and absent from the cluster. */
export function namesMissingNamespace(q: Query): boolean {
  const attr = toAttributes(q.request);
  if (attr.namespace === "") return false;
  // A Namespace's own CREATE is matched on its object: it need not exist yet.
  const ownCreate = attr.resource.group === "" && attr.resource.resource === "namespaces" && attr.subResource === "";
  if (ownCreate && attr.operation === "CREATE") return false;
  return q.cluster.namespaces?.[attr.namespace] === undefined;
}

/** The matchPolicy of every MatchResources or webhook that decides, as stored. */
function matchPolicies(stored: Subject): readonly (string | undefined)[] {
  switch (stored.kind) {
    case "MatchResources":
      return [stored.matchResources.matchPolicy];
    case "ValidatingAdmissionPolicy":
    case "MutatingAdmissionPolicy":
      // A policy that no binding selects never acts: nothing depends on its matchPolicy.
      if (stored.binding === undefined) return [];
      return [
        stored.policy.matchConstraints?.matchPolicy,
        ...(stored.binding.matchResources ? [stored.binding.matchResources.matchPolicy] : []),
      ];
    case "ValidatingWebhook":
    case "MutatingWebhook":
      return [stored.webhook.matchPolicy];
  }
}

function hasOtherEquivalents(q: Query): boolean {
  const own: GroupVersionResource = q.request.resource;
  const registry = equivalentResourcesFor(own, q.request.subResource ?? "", q.cluster, q.kubernetesVersion);
  return registry.some((e) => !sameGVR(e.resource, own));
}

/**
 * Why a query is not sent: outside what the implementation claims (`scope`), or outside what the
 * reference model decides (`model`), in a few words; undefined when it is sent.
 */
export interface NotSent {
  readonly by: "scope" | "model";
  readonly reason: string;
}

/**
 * Why a query lies outside what the implementation claims or the model decides, or undefined when
 * it lies inside. Pure: the model's own defaulting, validation, registry and exemptions decide.
 * `modelDecides` false: another reference decides where the model stops (an upstream oracle), so
 * only the claimed scope keeps a query back.
 */
export function whyNotSent(q: Query, caps: Capabilities, modelDecides = true): NotSent | undefined {
  const feature = claimsFeatures(q, caps);
  if (feature !== undefined) return { by: "scope", reason: feature };
  const outside = modelDecides ? outsideModel(q) : undefined;
  if (outside !== undefined) return { by: "model", reason: outside };
  const scope = claimsScope(q, caps);
  return scope === undefined ? undefined : { by: "scope", reason: scope };
}

/** `whyNotSent` as one line: a model limit reads "outside the reference model: …". */
export function outOfScope(q: Query, caps: Capabilities, modelDecides = true): string | undefined {
  const why = whyNotSent(q, caps, modelDecides);
  return why && (why.by === "model" ? `outside the reference model: ${why.reason}` : why.reason);
}

/** The opt-in features, asked before the model's limits: an unclaimed feature is never sent. */
function claimsFeatures(q: Query, caps: Capabilities): string | undefined {
  if (!caps.features.matchConditions && carriesMatchConditions(q.subject)) return "matchConditions not claimed";
  if (!caps.features.params && carriesParams(q)) return "params not claimed";
  return undefined;
}

function claimsScope(q: Query, caps: Capabilities): string | undefined {
  const { request, subject, kubernetesVersion: minor } = q;
  if (!servesSubject(subject.kind, minor) || !claimsSubjectAt(caps, subject.kind, minor))
    return `${subject.kind} at ${minor} not claimed`;
  if (!caps.operations.includes(request.operation)) return `operation ${request.operation} not claimed`;
  const sub = request.subResource ?? "";
  if (!claimsSubresource(caps, sub)) return `subresource ${sub} not claimed`;
  if (!caps.features.customResources && !isBuiltinResourceGroup(request.resource.group))
    return "custom resources not claimed";
  if (!caps.features.exemptions && isExemptRequest(request, minor)) return "exemptions not claimed";
  if (!caps.features.unboundPolicies && isUnboundPolicy(subject)) return "policies without a binding not claimed";
  if (!caps.features.missingNamespaces && namesMissingNamespace(q)) return "missing namespaces not claimed";
  const stored = defaultSubject(subject, noTrace, minor);
  const invalid = validateSubject(stored, minor, noTrace).length > 0;
  if (invalid) return caps.features.validation ? undefined : "API validation not claimed";
  if (!caps.features.equivalent && matchPolicies(stored).some((p) => p !== "Exact") && hasOtherEquivalents(q))
    return "the Equivalent pass not claimed";
  return undefined;
}
