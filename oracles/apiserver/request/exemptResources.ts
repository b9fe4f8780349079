// The resources admission exempts, realised for CREATE only (dry-run) with bodies that pass
// validation: the admissionregistration resources and the authentication and authorization reviews.
import type { Realisable } from "./realisation.ts";

const same = (o: Record<string, unknown>) => o;

/**
 * The resources admission exempts (the admissionregistration resources from policies or webhooks,
 * the authentication and authorization reviews): CREATE only, dry-run, with bodies that pass validation.
 */
export function exemptResources(): Record<string, Realisable> {
  const create = (kind: string, namespaced: boolean, fill: Realisable["fill"]): Realisable => ({
    kind,
    namespaced,
    operations: ["CREATE"],
    fill,
    ...(kind.endsWith("AccessReview") || kind.endsWith("RulesReview") ? { emptyMetadata: true } : {}),
  });
  const rules = {
    resourceRules: [{ operations: ["CREATE"], apiGroups: ["mc.invalid"], apiVersions: ["v1"], resources: ["none"] }],
  };
  const ar = "admissionregistration.k8s.io/v1";
  const attributes = (ns: string) => ({ ...(ns && { namespace: ns }), verb: "get", resource: "pods" });
  return {
    [`${ar}/validatingwebhookconfigurations`]: create("ValidatingWebhookConfiguration", false, (o) => ({
      ...o,
      webhooks: [],
    })),
    [`${ar}/mutatingwebhookconfigurations`]: create("MutatingWebhookConfiguration", false, (o) => ({
      ...o,
      webhooks: [],
    })),
    [`${ar}/validatingadmissionpolicies`]: create("ValidatingAdmissionPolicy", false, (o) => ({
      ...o,
      spec: { matchConstraints: rules, validations: [{ expression: "true" }] },
    })),
    [`${ar}/validatingadmissionpolicybindings`]: create("ValidatingAdmissionPolicyBinding", false, (o) => ({
      ...o,
      spec: { policyName: "mc-no-such-policy", validationActions: ["Warn"] },
    })),
    [`${ar}/mutatingadmissionpolicies`]: create("MutatingAdmissionPolicy", false, (o) => ({
      ...o,
      spec: {
        matchConstraints: rules,
        reinvocationPolicy: "Never",
        mutations: [{ patchType: "ApplyConfiguration", applyConfiguration: { expression: "Object{}" } }],
      },
    })),
    [`${ar}/mutatingadmissionpolicybindings`]: create("MutatingAdmissionPolicyBinding", false, (o) => ({
      ...o,
      spec: { policyName: "mc-no-such-policy" },
    })),
    "authentication.k8s.io/v1/tokenreviews": create("TokenReview", false, (o) => ({
      ...o,
      spec: { token: "mc-no-such-token" },
    })),
    "authentication.k8s.io/v1/selfsubjectreviews": create("SelfSubjectReview", false, same),
    "authorization.k8s.io/v1/subjectaccessreviews": create("SubjectAccessReview", false, (o) => ({
      ...o,
      spec: { user: "mc-nobody", resourceAttributes: attributes("") },
    })),
    "authorization.k8s.io/v1/selfsubjectaccessreviews": create("SelfSubjectAccessReview", false, (o) => ({
      ...o,
      spec: { resourceAttributes: attributes("") },
    })),
    "authorization.k8s.io/v1/selfsubjectrulesreviews": create("SelfSubjectRulesReview", false, (o) => ({
      ...o,
      spec: { namespace: "default" },
    })),
    "authorization.k8s.io/v1/localsubjectaccessreviews": create("LocalSubjectAccessReview", true, (o, ns) => ({
      ...o,
      spec: { user: "mc-nobody", resourceAttributes: attributes(ns) },
    })),
  };
}
