// The sentinel of a batch, created last: when a request of its own user sees all of it, the
// batch's probes before it are in effect (each kind of object comes through its own informer).
import { annotate } from "../subject/mutatingProbe.ts";
import type { WebhookEndpoint } from "../subject/webhookProbe.ts";
import type { ProbeNames } from "./names.ts";
import { labels } from "./names.ts";

type Obj = Record<string, unknown>;
type WebhookKind = "ValidatingWebhook" | "MutatingWebhook";

export interface Sentinel {
  policy: Obj;
  binding: Obj;
  /** One per webhook kind, calling the receiver tagged sentinelTag(kind). */
  webhooks: Record<WebhookKind, Obj> | undefined;
  /** A MutatingAdmissionPolicy and binding annotating the sentinel ConfigMap with `mc|<mutatingTag>|…`. */
  mutating: { policy: Obj; binding: Obj; tag: string };
  sentinelTag: (kind: WebhookKind) => string;
  user: string;
  name: string;
}

/** What every part of a batch's sentinel shares. */
interface Common {
  readonly p: Omit<ProbeNames, "id">;
  readonly name: string;
  readonly user: string;
  readonly metadata: Obj;
}

const configMapCreates = [{ operations: ["CREATE"], apiGroups: [""], apiVersions: ["v1"], resources: ["configmaps"] }];
const ownUserOnly = (user: string) => [{ name: "mc-sentinel", expression: `request.userInfo.username == '${user}'` }];

/** The sentinel of a batch: matches ConfigMap creates of its own user only; created last. */
export function sentinelManifests(p: Omit<ProbeNames, "id">, endpoint?: WebhookEndpoint): Sentinel {
  const name = `mc-${p.runId}-sentinel-${p.batch}`;
  const user = `mc:${p.runId}:sentinel-${p.batch}`;
  const c: Common = { p, name, user, metadata: { name, labels: labels(p) } };
  return {
    name,
    user,
    sentinelTag: (kind) => sentinelTag(p, kind),
    mutating: mutatingSentinel(c),
    webhooks: endpoint && {
      ValidatingWebhook: webhookSentinel(c, "ValidatingWebhook", endpoint),
      MutatingWebhook: webhookSentinel(c, "MutatingWebhook", endpoint),
    },
    policy: {
      apiVersion: "admissionregistration.k8s.io/v1",
      kind: "ValidatingAdmissionPolicy",
      metadata: c.metadata,
      spec: {
        failurePolicy: "Ignore",
        matchConstraints: { resourceRules: configMapCreates },
        matchConditions: ownUserOnly(user),
        validations: [{ expression: "false", message: `mc-sentinel|${p.batch}` }],
      },
    },
    binding: {
      apiVersion: "admissionregistration.k8s.io/v1",
      kind: "ValidatingAdmissionPolicyBinding",
      metadata: c.metadata,
      spec: { policyName: name, validationActions: ["Warn"] },
    },
  };
}

const sentinelTag = (p: Omit<ProbeNames, "id">, kind: WebhookKind) =>
  `${p.runId}-sentinel-${p.batch}-${kind === "ValidatingWebhook" ? "v" : "m"}`;

function webhookSentinel(c: Common, kind: WebhookKind, e: WebhookEndpoint): Obj {
  return {
    apiVersion: "admissionregistration.k8s.io/v1",
    kind: `${kind}Configuration`,
    metadata: c.metadata,
    webhooks: [
      {
        name: `sentinel-${c.p.batch}.${c.p.runId}.probe.matchconform.dev`,
        clientConfig: { url: e.url(sentinelTag(c.p, kind)), caBundle: e.caBundle },
        rules: configMapCreates,
        failurePolicy: "Ignore",
        sideEffects: "None",
        admissionReviewVersions: ["v1"],
        timeoutSeconds: 5,
        matchConditions: ownUserOnly(c.user),
      },
    ],
  };
}

function mutatingSentinel(c: Common): Sentinel["mutating"] {
  const tag = `${c.p.runId}-sentinel-${c.p.batch}-p`;
  return {
    tag,
    policy: {
      apiVersion: "admissionregistration.k8s.io/v1",
      kind: "MutatingAdmissionPolicy",
      metadata: c.metadata,
      spec: {
        failurePolicy: "Ignore",
        matchConstraints: { resourceRules: configMapCreates },
        matchConditions: ownUserOnly(c.user),
        reinvocationPolicy: "Never",
        mutations: [annotate(tag)],
      },
    },
    binding: {
      apiVersion: "admissionregistration.k8s.io/v1",
      kind: "MutatingAdmissionPolicyBinding",
      metadata: c.metadata,
      spec: { policyName: c.name },
    },
  };
}
