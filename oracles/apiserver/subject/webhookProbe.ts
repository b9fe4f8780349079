// A webhook subject as a webhook configuration holding its one webhook, calling the suite's
// receiver (controlPlane/webhookReceiver.ts), confined to the probe's own requests.
import type { WebhookSubject } from "../../contract/subject.ts";
import type { ProbeNames } from "../probe/names.ts";
import { labels, policyName, webhookName, webhookTag } from "../probe/names.ts";
import { probeConditions } from "./confinement.ts";

type Obj = Record<string, unknown>;

/** Where the probe webhooks send their reviews. */
export interface WebhookEndpoint {
  readonly url: (tag: string) => string;
  readonly caBundle: string;
}

/** A webhook configuration holding the subject's one webhook, calling the receiver, confined to the probe's user. */
export function webhookManifest(
  subject: WebhookSubject,
  p: ProbeNames,
  endpoint: WebhookEndpoint,
  verbatim = false,
): Obj {
  const w = subject.webhook;
  return {
    apiVersion: "admissionregistration.k8s.io/v1",
    kind: `${subject.kind}Configuration`,
    metadata: { name: policyName(p), labels: labels(p) },
    webhooks: [
      {
        name: webhookName(p),
        clientConfig: { url: endpoint.url(webhookTag(p)), caBundle: endpoint.caBundle },
        ...(w.rules !== undefined && { rules: w.rules }),
        ...(w.namespaceSelector !== undefined && { namespaceSelector: w.namespaceSelector }),
        ...(w.objectSelector !== undefined && { objectSelector: w.objectSelector }),
        ...(w.matchPolicy !== undefined && { matchPolicy: w.matchPolicy }),
        ...(w.failurePolicy !== undefined && { failurePolicy: w.failurePolicy }),
        sideEffects: "None",
        admissionReviewVersions: ["v1"],
        timeoutSeconds: 10,
        matchConditions: probeConditions(w.matchConditions, p, verbatim),
      },
    ],
  };
}
