// The sentinel of a batch, created last: when a request of its own user sees all of it, the
// batch's probes before it are in effect (each kind of object comes through its own informer).

import { annotate } from "../subject/mutatingProbe.ts";
import type { WebhookEndpoint } from "../subject/webhookProbe.ts";
import type { ProbeNames } from "./names.ts";
import { labels } from "./names.ts";

type Obj = Record<string, unknown>;

/** The sentinel of a batch: matches ConfigMap creates of its own user only; created last. */
export function sentinelManifests(
  p: Omit<ProbeNames, "id">,
  endpoint?: WebhookEndpoint,
): {
  policy: Obj;
  binding: Obj;
  /** One per webhook kind, calling the receiver tagged sentinelTag(kind). */
  webhooks: Record<"ValidatingWebhook" | "MutatingWebhook", Obj> | undefined;
  /** A MutatingAdmissionPolicy and binding annotating the sentinel ConfigMap with `mc|<mutatingTag>|…`. */
  mutating: { policy: Obj; binding: Obj; tag: string };
  sentinelTag: (kind: "ValidatingWebhook" | "MutatingWebhook") => string;
  user: string;
  name: string;
} {
  const name = `mc-${p.runId}-sentinel-${p.batch}`;
  const user = `mc:${p.runId}:sentinel-${p.batch}`;
  const metadata = { name, labels: labels(p) };
  const sentinelTag = (kind: "ValidatingWebhook" | "MutatingWebhook") =>
    `${p.runId}-sentinel-${p.batch}-${kind === "ValidatingWebhook" ? "v" : "m"}`;
  const webhook = (kind: "ValidatingWebhook" | "MutatingWebhook", e: WebhookEndpoint): Obj => ({
    apiVersion: "admissionregistration.k8s.io/v1",
    kind: `${kind}Configuration`,
    metadata,
    webhooks: [
      {
        name: `sentinel-${p.batch}.${p.runId}.probe.matchconform.dev`,
        clientConfig: { url: e.url(sentinelTag(kind)), caBundle: e.caBundle },
        rules: [{ operations: ["CREATE"], apiGroups: [""], apiVersions: ["v1"], resources: ["configmaps"] }],
        failurePolicy: "Ignore",
        sideEffects: "None",
        admissionReviewVersions: ["v1"],
        timeoutSeconds: 5,
        matchConditions: [{ name: "mc-sentinel", expression: `request.userInfo.username == '${user}'` }],
      },
    ],
  });
  return {
    name,
    user,
    sentinelTag,
    mutating: {
      tag: `${p.runId}-sentinel-${p.batch}-p`,
      policy: {
        apiVersion: "admissionregistration.k8s.io/v1",
        kind: "MutatingAdmissionPolicy",
        metadata,
        spec: {
          failurePolicy: "Ignore",
          matchConstraints: {
            resourceRules: [
              { operations: ["CREATE"], apiGroups: [""], apiVersions: ["v1"], resources: ["configmaps"] },
            ],
          },
          matchConditions: [{ name: "mc-sentinel", expression: `request.userInfo.username == '${user}'` }],
          reinvocationPolicy: "Never",
          mutations: [annotate(`${p.runId}-sentinel-${p.batch}-p`)],
        },
      },
      binding: {
        apiVersion: "admissionregistration.k8s.io/v1",
        kind: "MutatingAdmissionPolicyBinding",
        metadata,
        spec: { policyName: name },
      },
    },
    webhooks: endpoint && {
      ValidatingWebhook: webhook("ValidatingWebhook", endpoint),
      MutatingWebhook: webhook("MutatingWebhook", endpoint),
    },
    policy: {
      apiVersion: "admissionregistration.k8s.io/v1",
      kind: "ValidatingAdmissionPolicy",
      metadata,
      spec: {
        failurePolicy: "Ignore",
        matchConstraints: {
          resourceRules: [{ operations: ["CREATE"], apiGroups: [""], apiVersions: ["v1"], resources: ["configmaps"] }],
        },
        matchConditions: [{ name: "mc-sentinel", expression: `request.userInfo.username == '${user}'` }],
        validations: [{ expression: "false", message: `mc-sentinel|${p.batch}` }],
      },
    },
    binding: {
      apiVersion: "admissionregistration.k8s.io/v1",
      kind: "ValidatingAdmissionPolicyBinding",
      metadata,
      spec: { policyName: name, validationActions: ["Warn"] },
    },
  };
}
