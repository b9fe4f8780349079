import fc from "fast-check";
import { carriesMatchConditions } from "../contract/features.ts";
import type { Query } from "../contract/query.ts";
import type { Subject } from "../contract/subject.ts";
import { invariant } from "./invariant.ts";
import { same, whereBothValid } from "./relations.ts";

export const webhookDecidesAsMatchResources = invariant({
  name: "webhookDecidesAsMatchResources",
  statement:
    "A webhook with rules decides as the MatchResources with the same rules, selectors and matchPolicy, outside the requests webhooks are exempt from.",
  source:
    "k8s.io/apiserver webhook/generic/webhook.go ShouldCallHook and policy/matching/matching.go Matches: namespace selector, object selector, exact rules, then equivalents, in the same order",
  extra: fc.constant(undefined),
  pair: (q) => {
    const s = q.subject;
    if (s.kind !== "ValidatingWebhook" && s.kind !== "MutatingWebhook") return undefined;
    const rules = s.webhook.rules ?? [];
    if (rules.length === 0 || exemptFromWebhooks(q) || carriesMatchConditions(s)) return undefined;
    // A validating webhook sees a generateName create after the registry named it (rest/create.go).
    if (s.kind === "ValidatingWebhook" && q.request.operation === "CREATE" && (q.request.name ?? "") === "")
      return undefined;
    const { rules: _, failurePolicy: __, ...selectors } = s.webhook;
    // A webhook's omitted matchPolicy is Equivalent, as MatchResources' is.
    const asMatchResources: Subject = {
      kind: "MatchResources",
      matchResources: { ...selectors, resourceRules: rules },
    };
    return [q, { ...q, subject: asMatchResources }];
  },
  holds: whereBothValid(same),
});

/** rules.go IsExemptAdmissionConfigurationResource (by kind) and the auth reviews of 1.37. */
function exemptFromWebhooks(q: Query): boolean {
  const { kind, resource } = q.request;
  return (
    kind.group === "admissionregistration.k8s.io" ||
    resource.group === "authentication.k8s.io" ||
    resource.group === "authorization.k8s.io"
  );
}
