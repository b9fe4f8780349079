import fc from "fast-check";
import type { WebhookSubject } from "../oracles/contract/subject.ts";
import { labelSelector } from "./labelSelector.ts";
import type { RuleWithOperationsConstraints } from "./ruleWithOperations.ts";
import { ruleWithOperations } from "./ruleWithOperations.ts";

/**
 * A ValidatingWebhook or MutatingWebhook, the fields that decide whether it is called:
 *
 * > Rules describes what operations on what resources/subresources the webhook cares about.
 * > The webhook cares about an operation if it matches _any_ Rule.
 * > matchPolicy defines how the "rules" list is used to match incoming requests. Allowed values
 * > are "Exact" or "Equivalent". Defaults to "Equivalent".
 * > NamespaceSelector decides whether to run the webhook on an object based on whether the
 * > namespace for that object matches the selector. If the object itself is a namespace, the
 * > matching is performed on object.metadata.labels. Default to the empty LabelSelector, which
 * > matches everything.
 * (k8s.io/api admissionregistration/v1 types.go ValidatingWebhook)
 */
export interface WebhookConstraints {
  readonly kind?: "ValidatingWebhook" | "MutatingWebhook";
  readonly rules?: RuleWithOperationsConstraints;
  readonly noSelectors?: boolean;
  readonly matchPolicy?: "Exact" | "Equivalent";
  readonly namespaceLabels?: Readonly<Record<string, string>>;
  readonly objectLabels?: Readonly<Record<string, string>>;
}

export function webhook(constraints: WebhookConstraints = {}): fc.Arbitrary<WebhookSubject> {
  const kind = constraints.kind
    ? fc.constant(constraints.kind)
    : fc.constantFrom("ValidatingWebhook", "MutatingWebhook");
  const selector = (target: Readonly<Record<string, string>> | undefined) =>
    constraints.noSelectors ? fc.constant({}) : labelSelector(target ? { target } : {});
  const matchPolicy = constraints.matchPolicy
    ? fc.constant(constraints.matchPolicy)
    : fc.constantFrom("Exact", "Equivalent");
  const hook = fc.record(
    {
      // webhook.go: no rules, never called; kept rare so that most webhooks can match.
      rules: fc.oneof(
        { arbitrary: fc.constant([]), weight: 1 },
        { arbitrary: fc.array(ruleWithOperations(constraints.rules), { minLength: 1, maxLength: 3 }), weight: 9 },
      ),
      namespaceSelector: selector(constraints.namespaceLabels),
      objectSelector: selector(constraints.objectLabels),
      matchPolicy,
      failurePolicy: fc.constantFrom("Fail", "Ignore"),
    },
    { requiredKeys: constraints.matchPolicy ? ["rules", "matchPolicy"] : ["rules"] },
  );
  return fc.record({ kind, webhook: hook });
}
