// The requests that admission never matches, by Kubernetes minor (upstream-semantics.md §1.10).

import type { Minor } from "../contract/versions.ts";
import { atLeast } from "../contract/versions.ts";
import type { Attributes } from "./attributes.ts";

const admissionGroup = "admissionregistration.k8s.io";

// k8s.io/kubernetes pkg/kubeapiserver/admission/exclusion/resources.go Excluded(): the auth reviews.
const authReviews: readonly (readonly [string, string])[] = [
  ["authentication.k8s.io", "selfsubjectreviews"],
  ["authentication.k8s.io", "tokenreviews"],
  ["authorization.k8s.io", "localsubjectaccessreviews"],
  ["authorization.k8s.io", "selfsubjectaccessreviews"],
  ["authorization.k8s.io", "selfsubjectrulesreviews"],
  ["authorization.k8s.io", "subjectaccessreviews"],
];

// k8s.io/apiserver pkg/admission/plugin/policy/generic/plugin.go: the policy resources themselves.
const policyResources = [
  "validatingadmissionpolicies",
  "validatingadmissionpolicybindings",
  "mutatingadmissionpolicies",
  "mutatingadmissionpolicybindings",
];

export function isAuthReview(attr: Attributes): boolean {
  const { group, resource } = attr.resource;
  for (const [g, r] of authReviews) if (group === g && resource === r) return true;
  return false;
}

/** policy/generic/plugin.go Dispatch: by GroupResource, any version and subresource (1.30+). */
export function isPolicyConfigurationResource(attr: Attributes): boolean {
  return attr.resource.group === admissionGroup && policyResources.includes(attr.resource.resource);
}

/**
 * rules.go IsExemptAdmissionConfigurationResource: by Kind, any version. The mutating policy
 * kinds joined the list in 1.32 (k/k 3a1733f302d0).
 */
export function isExemptAdmissionConfigurationKind(attr: Attributes, minor: Minor): boolean {
  if (attr.kind.group !== admissionGroup) return false;
  const kinds = [
    "ValidatingWebhookConfiguration",
    "MutatingWebhookConfiguration",
    "ValidatingAdmissionPolicy",
    "ValidatingAdmissionPolicyBinding",
    ...(atLeast(minor, 32) ? ["MutatingAdmissionPolicy", "MutatingAdmissionPolicyBinding"] : []),
  ];
  return kinds.includes(attr.kind.kind);
}

/** webhook/generic/webhook.go Dispatch: gate ExcludeAdmissionWebhookVirtualResources, beta and on from 1.37. */
export function webhooksExcludeAuthReviews(minor: Minor): boolean {
  return atLeast(minor, 37);
}
