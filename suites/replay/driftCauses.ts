// The upstream changes between two minors that can change what kube-apiserver decides of a recorded
// query, or whether it can be asked at all: the drift report (recordedDrift.ts) names, for each query
// whose verdict changed or that only one minor recorded, the first change that applies to it. Found
// by reading k8s.io/apiserver and k8s.io/kubernetes at both minors (and cel-go at the versions
// their go.mod requires); upstream-semantics.md §4 lists them.

import { apiResources } from "../../generators/apiResources.ts";
import type { Query } from "../../oracles/contract/query.ts";
import type { Minor } from "../../oracles/contract/versions.ts";
import { minorNumber, minorsInRange } from "../../oracles/contract/versions.ts";
import { toAttributes } from "../../oracles/model/attributes.ts";
import { isAuthReview } from "../../oracles/model/exemptions.ts";

export type DriftCauseName =
  | "webhooksSkipAuthReviews"
  | "celEmptySubstringOffset"
  | "celLongerLastIndexOf"
  | "celPastEndOffset"
  | "paramNameLiveLookup"
  | "mutatingPolicyOnByDefault"
  | "webhooksExemptMutatingPolicyKinds"
  | "resourceServedLater"
  | "notAskedAtTheOther"
  | "unexplained";

export interface DriftCause {
  readonly summary: string;
  /** The upstream code, at the minor the behaviour starts. */
  readonly upstream: string;
}

interface KnownCause extends DriftCause {
  /** What the change moves: a verdict, or whether the oracle can ask the query at all. */
  readonly moves: "verdict" | "asking";
  /** Does the change lie between the two minors (older < its minor ≤ newer), and reach this query? */
  readonly applies: (q: Query, older: Minor, newer: Minor) => boolean;
}

const since = (minor: number, reaches: (q: Query) => boolean) => (q: Query, older: Minor, newer: Minor) =>
  minorNumber(older) < minor && minor <= minorNumber(newer) && reaches(q);

const isWebhook = (q: Query) => q.subject.kind === "ValidatingWebhook" || q.subject.kind === "MutatingWebhook";
const callsIndexOf = (q: Query) => JSON.stringify(q.subject).includes("indexOf(");

/** In the order they are tried: the most specific first. */
const known: Readonly<Record<Exclude<DriftCauseName, Fallback>, KnownCause>> = {
  webhooksSkipAuthReviews: {
    moves: "verdict",
    summary: "admission webhooks no longer see the six auth review resources (1.37)",
    upstream:
      "k8s.io/apiserver v0.37 pkg/admission/plugin/webhook/generic/webhook.go Dispatch: gate ExcludeAdmissionWebhookVirtualResources, beta and on by default",
    applies: since(37, (q) => isWebhook(q) && isAuthReview(toAttributes(q.request))),
  },
  webhooksExemptMutatingPolicyKinds: {
    moves: "verdict",
    summary: "admission webhooks no longer see MutatingAdmissionPolicy(Binding) objects (1.32)",
    upstream:
      "k8s.io/apiserver v0.32 pkg/admission/plugin/webhook/predicates/rules/rules.go IsExemptAdmissionConfigurationResource",
    applies: since(32, (q) => isWebhook(q) && /^MutatingAdmissionPolicy(Binding)?$/.test(q.request.kind.kind)),
  },
  paramNameLiveLookup: {
    moves: "asking",
    summary:
      "a ConfigMap param named by a binding is read from the API when the informer misses it (1.37); before, the oracle cannot ask it (a stopped informer's stale cache)",
    upstream:
      "k8s.io/apiserver v0.37 pkg/admission/plugin/policy/generic/policy_dispatcher.go CollectParams getParamDirectly",
    applies: since(37, configMapParamByName),
  },
  celEmptySubstringOffset: {
    moves: "verdict",
    summary:
      "indexOf and lastIndexOf clamp an empty substring's offset to the end and refuse a negative one (cel-go v0.29, 1.37)",
    upstream: "github.com/google/cel-go v0.29.2 ext/strings.go indexOfOffset, lastIndexOfOffset",
    applies: since(37, callsIndexOf),
  },
  celLongerLastIndexOf: {
    moves: "verdict",
    summary: "lastIndexOf of a substring longer than the string answers -1 (cel-go v0.26, 1.34)",
    upstream: "github.com/google/cel-go v0.26.0 ext/strings.go lastIndexOfOffset",
    applies: since(34, callsIndexOf),
  },
  celPastEndOffset: {
    moves: "verdict",
    summary: "indexOf and lastIndexOf answer -1 for an offset past the end instead of an error (cel-go v0.22, 1.32)",
    upstream: "github.com/google/cel-go v0.22.0 ext/strings.go indexOfOffset",
    applies: since(32, callsIndexOf),
  },
  resourceServedLater: {
    moves: "asking",
    summary: "the request's resource or subresource is served only from the newer minor",
    upstream: "k8s.io/kubernetes pkg/registry/*/rest/storage_*.go (generators/apiResources.ts says from which minor)",
    applies: (q, older, newer) => servedAt(q, newer) && !servedAt(q, older),
  },
  mutatingPolicyOnByDefault: {
    moves: "asking",
    summary:
      "MutatingAdmissionPolicy is served by default from 1.36 (v1); before, only with its feature gate and runtime config (v1beta1 at 1.34-1.35, v1alpha1 at 1.32-1.33), which a server may lack",
    upstream:
      "k8s.io/kubernetes v1.36 pkg/registry/admissionregistration/rest/storage_apiserver.go (GA); v1.34 pkg/controlplane/instance.go (beta off by default)",
    applies: since(36, (q) => q.subject.kind === "MutatingAdmissionPolicy"),
  },
};

type Fallback = "notAskedAtTheOther" | "unexplained";

const fallbacks: Readonly<Record<Fallback, DriftCause>> = {
  // A changed verdict that no change explains is a finding: the server, or the recording, moved.
  unexplained: { summary: "no known upstream change between the two minors explains it", upstream: "(none found)" },
  // A generated scenario is drawn from what the minor serves, so the two runs draw some apart.
  notAskedAtTheOther: {
    summary:
      "no upstream change: the other run did not ask it (a scenario drawn at one minor only, or a query skipped or errored there)",
    upstream: "(none)",
  },
};

/** Where a query stands in the drift: recorded at both with another verdict, or at one minor only. */
export type DriftSide = "changed" | "onlyOlder" | "onlyNewer";

/**
 * The first known change between the minors that reaches the query and explains where it stands:
 * a changed verdict, a change of verdict (else "unexplained"); a query only the newer minor recorded,
 * a change that lets the oracle ask it there (else "notAskedAtTheOther"). Every known change of what
 * can be asked widens it, so a query only the older minor recorded is "notAskedAtTheOther".
 */
export function driftCauseOf(q: Query, older: Minor, newer: Minor, side: DriftSide): DriftCauseName {
  if (side === "onlyOlder") return "notAskedAtTheOther";
  const moves = side === "changed" ? "verdict" : "asking";
  for (const [name, cause] of Object.entries(known) as [Exclude<DriftCauseName, Fallback>, KnownCause][])
    if (cause.moves === moves && cause.applies(q, older, newer)) return name;
  return side === "changed" ? "unexplained" : "notAskedAtTheOther";
}

export function driftCause(name: DriftCauseName): DriftCause {
  switch (name) {
    case "unexplained":
    case "notAskedAtTheOther":
      return fallbacks[name];
    default:
      return known[name];
  }
}

function configMapParamByName(q: Query): boolean {
  if (!("policy" in q.subject)) return false;
  const kind = q.subject.policy.paramKind;
  const ref = q.subject.binding?.paramRef;
  return kind?.apiVersion === "v1" && kind.kind === "ConfigMap" && typeof ref?.name === "string" && !ref.selector;
}

/** Is the request's resource (and subresource) in the built-in table at the minor? Custom resources always are. */
function servedAt(q: Query, minor: Minor): boolean {
  const r = q.request.resource;
  const entry = apiResources.find(
    (a) => a.group === r.group && a.resource === r.resource && a.versions.includes(r.version),
  );
  if (entry === undefined) return true;
  const sub = q.request.subResource ? entry.subresources.find((s) => s.name === q.request.subResource) : undefined;
  return [entry.minors, sub?.minors].every((range) => range === undefined || inRange(range, minor));
}

function inRange(range: string, minor: Minor): boolean {
  const r = minorsInRange(range);
  return r.ok && r.minors.includes(minor);
}
