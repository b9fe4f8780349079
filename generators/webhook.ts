import type fc from "fast-check";
import type { WebhookSubject } from "../oracles/contract/subject.ts";
import { arrayOf, drawn, optionalKey, pick, recordOf, weighted } from "./draw.ts";
import { drawLabelSelector } from "./labelSelector.ts";
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

/** webhook(constraints), drawn at once: a record of the kind and a record of the webhook's fields. */
export function drawWebhook(rng: fc.Random, bias: number | undefined, constraints: WebhookConstraints): WebhookSubject {
  const c = constraints;
  const kind = c.kind ?? pick(rng, webhookKinds);
  const selector = (target: Readonly<Record<string, string>> | undefined) =>
    optionalKey(rng, () => (c.noSelectors ? {} : drawLabelSelector(rng, bias, target ? { target } : {})));
  const hook = recordOf(rng, {
    // webhook.go: no rules, never called; kept rare so that most webhooks can match.
    rules:
      weighted(rng, [1, 9]) === 0
        ? []
        : arrayOf(rng, bias, { minLength: 1, maxLength: 3 }, (r, b) => drawRuleWithOperations(r, b, c.rules ?? {})),
    namespaceSelector: selector(c.namespaceLabels),
    objectSelector: selector(c.objectLabels),
    matchPolicy: c.matchPolicy ?? optionalKey(rng, () => pick(rng, ["Exact", "Equivalent"] as const)),
    failurePolicy: optionalKey(rng, () => pick(rng, ["Fail", "Ignore"] as const)),
  });
  return recordOf(rng, { kind, webhook: hook });
}
