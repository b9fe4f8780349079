import type { BindingSpec, MatchResources, PolicySpec, Webhook } from "./kube.ts";

export const subjectKinds = [
  "MatchResources",
  "ValidatingAdmissionPolicy",
  "MutatingAdmissionPolicy",
  "ValidatingWebhook",
  "MutatingWebhook",
] as const;

export type SubjectKind = (typeof subjectKinds)[number];

/** The matcher configuration of a case (docs/case-format.md, Subject): a closed union on `kind`. */
export type Subject =
  | { readonly kind: "MatchResources"; readonly matchResources: MatchResources }
  | {
      readonly kind: "ValidatingAdmissionPolicy" | "MutatingAdmissionPolicy";
      readonly policy: PolicySpec;
      /** Omitted: no binding selects the policy. `{}`: a binding without matchResources. */
      readonly binding?: BindingSpec;
    }
  | { readonly kind: "ValidatingWebhook" | "MutatingWebhook"; readonly webhook: Webhook };

export type PolicySubject = Extract<Subject, { policy: PolicySpec }>;
export type WebhookSubject = Extract<Subject, { webhook: Webhook }>;
