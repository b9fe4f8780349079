// What an implementation claims to decide (the optional `capabilities` of line protocol v1's
// `ready`, docs/protocol-capabilities.md): the runner generates and sends only inside it.
import type { Query } from "../invariants/invariant.ts";
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
import type { Minor } from "../model/versions.ts";
import { isMinor } from "../model/versions.ts";
import type { AdmissionRequest, GroupVersionResource, Operation } from "./kube.ts";
import type { ReadyMessage } from "./protocol.ts";
import type { Subject, SubjectKind } from "./subject.ts";
import { subjectKinds } from "./subject.ts";

export const operations: readonly Operation[] = ["CREATE", "UPDATE", "DELETE", "CONNECT"];

export const features = [
  "validation",
  "defaulting",
  "equivalent",
  "exemptions",
  "missingNamespaces",
  "customResources",
  "unboundPolicies",
  "matchConditions",
  "params",
] as const;

export type Feature = (typeof features)[number];

/** What each feature covers, for reports and the protocol documentation. */
export const featureSummaries: Readonly<Record<Feature, string>> = {
  validation: "answers invalid for subjects the API server rejects",
  defaulting: "applies the API server's defaults to omitted fields",
  equivalent: "matchPolicy Equivalent: the pass through equivalent resources",
  exemptions: "the resources admission never matches (admission configuration, auth reviews)",
  missingNamespaces: "requests in namespaces that do not exist",
  customResources: "resources outside the built-in API groups",
  unboundPolicies: "a policy that no binding selects, which never acts",
  matchConditions: "matchConditions on policies and webhooks, and the request's userInfo they read",
  params: "a policy's paramKind, its binding's paramRef and the param objects of the cluster",
};

/**
 * Features that came after line protocol v1: an implementation claims them only by naming them,
 * so that one written before them is never sent what it never heard of.
 */
export const optInFeatures: readonly Feature[] = ["matchConditions", "params"];

export interface Capabilities {
  readonly operations: readonly Operation[];
  /** "all", or the subresources claimed besides the main resource (which is always claimed). */
  readonly subresources: "all" | readonly string[];
  readonly features: Readonly<Record<Feature, boolean>>;
  /** Per subject kind, the minors claimed for it; a kind left out has all of `kubernetesVersions`. */
  readonly subjectVersions: Readonly<Partial<Record<SubjectKind, readonly Minor[]>>>;
}

const everyFeature = Object.fromEntries(features.map((f) => [f, true])) as Record<Feature, boolean>;

/** No `capabilities` in `ready`: everything, as line protocol v1 has always meant. */
export const fullCapabilities: Capabilities = {
  operations,
  subresources: "all",
  features: everyFeature,
  subjectVersions: {},
};

/** The `capabilities` of a ready message, resolved; `input: "stored"` is never asked to validate or default. */
export function readCapabilities(ready: Pick<ReadyMessage, "input" | "capabilities">): Capabilities {
  const c = ready.capabilities ?? {};
  const stored = ready.input === "stored";
  const declared = c.features ?? {};
  const featureMap = Object.fromEntries(features.map((f) => [f, declared[f] ?? !optInFeatures.includes(f)])) as Record<
    Feature,
    boolean
  >;
  if (stored) {
    featureMap.validation = false;
    featureMap.defaulting = false;
  }
  const subjectVersions: Partial<Record<SubjectKind, readonly Minor[]>> = {};
  for (const kind of subjectKinds) {
    const minors = c.subjectVersions?.[kind];
    if (minors !== undefined) subjectVersions[kind] = minors.filter(isMinor);
  }
  return {
    operations: c.operations === undefined ? operations : operations.filter((o) => c.operations?.includes(o)),
    subresources: c.subresources === undefined || c.subresources === "all" ? "all" : [...c.subresources],
    features: featureMap,
    subjectVersions,
  };
}

export function isFull(caps: Capabilities): boolean {
  return (
    caps.operations.length === operations.length &&
    caps.subresources === "all" &&
    features.every((f) => caps.features[f]) &&
    Object.keys(caps.subjectVersions).length === 0
  );
}

export function claimsSubresource(caps: Capabilities, subResource: string): boolean {
  return subResource === "" || caps.subresources === "all" || caps.subresources.includes(subResource);
}

/** Is the kind claimed at this minor (its own `subjectVersions`, when given)? */
export function claimsSubjectAt(caps: Capabilities, kind: SubjectKind, minor: Minor): boolean {
  return caps.subjectVersions[kind]?.includes(minor) ?? true;
}

/**
 * Built-in API groups: the core group, the unqualified groups (apps, batch, autoscaling, policy)
 * and the *.k8s.io groups; anything else (example.com) is a custom resource.
 */
export function isBuiltinGroup(group: string): boolean {
  return group === "" || !group.includes(".") || group.endsWith(".k8s.io");
}

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
 */
export function whyNotSent(q: Query, caps: Capabilities): NotSent | undefined {
  const feature = claimsFeatures(q, caps);
  if (feature !== undefined) return { by: "scope", reason: feature };
  const outside = outsideModel(q);
  if (outside !== undefined) return { by: "model", reason: outside };
  const scope = claimsScope(q, caps);
  return scope === undefined ? undefined : { by: "scope", reason: scope };
}

/** `whyNotSent` as one line: a model limit reads "outside the reference model: …". */
export function outOfScope(q: Query, caps: Capabilities): string | undefined {
  const why = whyNotSent(q, caps);
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
  if (!caps.features.customResources && !isBuiltinGroup(request.resource.group)) return "custom resources not claimed";
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

/** A policy subject without a binding: a policy that no binding selects. */
export function isUnboundPolicy(subject: Subject): boolean {
  return (
    (subject.kind === "ValidatingAdmissionPolicy" || subject.kind === "MutatingAdmissionPolicy") && !subject.binding
  );
}

/** A policy or webhook with at least one matchCondition (as decoded: null is none). */
export function carriesMatchConditions(subject: Subject): boolean {
  const s = subject as { policy?: { matchConditions?: unknown }; webhook?: { matchConditions?: unknown } };
  const list = s.policy?.matchConditions ?? s.webhook?.matchConditions;
  return Array.isArray(list) && list.length > 0;
}

/** A policy with a paramKind or a binding with a paramRef (as decoded: null is none), or a cluster with param objects or custom kinds. */
export function carriesParams(q: Pick<Query, "subject" | "cluster">): boolean {
  const s = q.subject as { policy?: { paramKind?: unknown }; binding?: { paramRef?: unknown } };
  const given = (v: unknown) => v !== undefined && v !== null;
  return (
    given(s.policy?.paramKind) ||
    given(s.binding?.paramRef) ||
    (q.cluster.params ?? []).length > 0 ||
    (q.cluster.customKinds ?? []).length > 0
  );
}

/** One line for a terminal: what is left out of the full profile ("" when nothing is). */
export function describeCapabilities(caps: Capabilities): string {
  const parts: string[] = [];
  if (caps.operations.length < operations.length) parts.push(`operations ${caps.operations.join(", ") || "none"}`);
  if (caps.subresources !== "all")
    parts.push(`subresources ${caps.subresources.length === 0 ? "none" : caps.subresources.join(", ")}`);
  const without = features.filter((f) => !caps.features[f]);
  if (without.length > 0) parts.push(`without ${without.join(", ")}`);
  for (const [kind, minors] of Object.entries(caps.subjectVersions))
    parts.push(`${kind} at ${minors.join(", ") || "no minor"}`);
  return parts.join("; ");
}
