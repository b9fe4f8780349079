import type fc from "fast-check";
import type { WebhookSubject } from "../oracles/contract/subject.ts";
import { absent, arrayOf, drawn, optional, pick, recordOf, twoWay } from "./draw.ts";
import { drawSubjectSelector } from "./labelSelector.ts";
import type { RuleWithOperationsConstraints } from "./ruleWithOperations.ts";
import { drawRuleWithOperations } from "./ruleWithOperations.ts";

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
  return drawn((rng, bias) => drawWebhook(rng, bias, constraints));
}

const webhookKinds = ["ValidatingWebhook", "MutatingWebhook"] as const;
const anyRule = {};
const oneToThree = { minLength: 1, maxLength: 3 };
const matchPolicies = ["Exact", "Equivalent"] as const;
const failurePolicies = ["Fail", "Ignore"] as const;

/** webhook(constraints), drawn at once: a record of the kind and a record of the webhook's fields. */
export function drawWebhook(rng: fc.Random, bias: number | undefined, constraints: WebhookConstraints): WebhookSubject {
  const c = constraints;
  const kind = c.kind ?? pick(rng, webhookKinds);
  // Each optional key written out (optional, then its draw), without a closure per key.
  const hook = recordOf(rng, {
    // webhook.go: no rules, never called; kept rare so that most webhooks can match.
    rules: twoWay(rng, 1, 9) === 0 ? [] : arrayOf(rng, bias, oneToThree, drawRuleWithOperations, c.rules ?? anyRule),
    namespaceSelector: optional(rng) ? drawSubjectSelector(rng, bias, c.noSelectors, c.namespaceLabels) : absent,
    objectSelector: optional(rng) ? drawSubjectSelector(rng, bias, c.noSelectors, c.objectLabels) : absent,
    matchPolicy: c.matchPolicy ?? (optional(rng) ? pick(rng, matchPolicies) : absent),
    failurePolicy: optional(rng) ? pick(rng, failurePolicies) : absent,
  });
  return recordOf(rng, { kind, webhook: hook });
}
