// The ValidatingAdmissionPolicy and binding that observe one query's decision without side
// effects: a `false` validation whose message reports the matched resource and kind, Warn only,
// confined by matchConditions to the query's own requests (the probe's extra key, impersonatedUser.ts).
import type { MatchCondition, ParamKind, ParamRef } from "../../contract/kube.ts";
import type { Subject, WebhookSubject } from "../../contract/subject.ts";
import { probeExtraKey } from "../request/impersonatedUser.ts";

export const runLabel = "matchconform.dev/run";
export const batchLabel = "matchconform.dev/batch";
export const admissionPath = "/apis/admissionregistration.k8s.io/v1";
/** The admissionregistration.k8s.io/v1 resources the probes create, bindings before what they bind. */
export const probeResources = [
  "validatingadmissionpolicybindings",
  "validatingadmissionpolicies",
  "validatingwebhookconfigurations",
  "mutatingwebhookconfigurations",
  "mutatingadmissionpolicybindings",
  "mutatingadmissionpolicies",
] as const;

/** The annotation a probe MutatingAdmissionPolicy writes; its value is `mc|<tag>|<resource>|<kind>`. */
export const probeAnnotation = "matchconform.dev/probe";

type Obj = Record<string, unknown>;

export interface ProbeNames {
  readonly runId: string;
  readonly batch: string;
  /** The query's id within the run. */
  readonly id: string;
}

export const policyName = (p: ProbeNames) => `mc-${p.runId}-${p.id}`;
export const probeUser = (p: ProbeNames) => `mc:${p.runId}:${p.id}`;
export const labels = (p: Omit<ProbeNames, "id">) => ({ [runLabel]: p.runId, [batchLabel]: `${p.runId}-${p.batch}` });

/** The policy matching every request, under which a bare MatchResources is realised as the binding's. */
const everything = {
  resourceRules: [{ operations: ["*"], apiGroups: ["*"], apiVersions: ["*"], resources: ["*/*"] }],
};

/**
 * The probe's one validation, `false`, whose message names the matched resource and kind and,
 * for a policy with a paramKind, the param of the evaluation (`<namespace>/<name>`, "" for none):
 * a policy runs once per param, so a Warn binding gives one warning per param.
 */
function validations(id: string, withParams: boolean) {
  const gvr = (v: string, last: string) => `${v}.group + '/' + ${v}.version + '/' + ${v}.${last}`;
  const param = withParams
    ? ` + '|' + (params == null ? '' : params.metadata.namespace + '/' + params.metadata.name)`
    : "";
  return [
    {
      expression: "false",
      messageExpression: `'mc|${id}|' + ${gvr("request.resource", "resource")} + '|' + ${gvr("request.kind", "kind")}${param}`,
    },
  ];
}

/**
 * The probe's own confinement: true for its own requests only, which carry the extra key
 * probeExtraKey with the probe's tag (impersonatedUser.ts); false, never an error, for any other
 * (`has` first: an empty extra is left out of the request, and reading it would err).
 */
export const confinement = (p: ProbeNames) =>
  `has(request.userInfo.extra) && '${probeExtraKey}' in request.userInfo.extra && request.userInfo.extra['${probeExtraKey}'] == ['${webhookTag(p)}']`;

/** A subject's condition behind the probe's confinement; the newlines keep a trailing comment in. */
export const confined = (expression: string, p: ProbeNames) => `${confinement(p)} && (\n${expression}\n)`;

/**
 * The probe's matchConditions: the subject's own, each behind the confinement, or the confinement
 * alone. cel-go's `&&` returns false on a false term without evaluating the rest (cel-go v0.29.2
 * interpreter/interpretable.go:390-399, no exhaustive evaluation: k8s.io/apiserver v0.37.2
 * pkg/cel/environment/base.go:78), so for another user's request each condition costs the
 * comparison only and neither errs nor spends the shared budget; and a false condition means no
 * match whatever the others (matchconditions/matcher.go:115-121). `verbatim`: as the subject
 * states them, for a dry-run create that asks their validity only.
 */
export function probeConditions(
  conditions: readonly MatchCondition[] | null | undefined,
  p: ProbeNames,
  verbatim = false,
): readonly MatchCondition[] {
  if (conditions === undefined || conditions === null || conditions.length === 0)
    return [{ name: "mc-probe", expression: confinement(p) }];
  if (verbatim) return conditions;
  return conditions.map((c) => ({ ...c, expression: confined(c.expression ?? "", p) }));
}

/** A server message with the probe's confined expressions put back as the subject states them. */
export function unconfine(message: string, conditions: readonly MatchCondition[] | null | undefined, p: ProbeNames) {
  let m = message;
  for (const c of conditions ?? []) m = m.split(confined(c.expression ?? "", p)).join(c.expression ?? "");
  return m;
}

const hasConditions = (s: Subject) => {
  const c = "policy" in s ? s.policy.matchConditions : "webhook" in s ? s.webhook.matchConditions : undefined;
  return Array.isArray(c) && c.length > 0;
};

/** The label a params probe's objects carry, its value the probe's tag. */
export const probeLabel = "matchconform.dev/probe";

/**
 * A policy's matchConstraints or a binding's matchResources that also require the probe's label
 * on the object. A policy's configuration error (its paramKind not served) comes right after its
 * matchConstraints matched, a binding's (no params found under Deny, a namespaced paramRef for a
 * cluster-scoped request) from CollectParams after the binding matched, both before any
 * matchCondition (k8s.io/apiserver v0.37.2 pkg/admission/plugin/policy/generic/policy_dispatcher.go
 * :140-174), so the conditions cannot confine them: the object selectors do. The subject's
 * selectors never name this key, so their result on the labelled object is the one on the case's.
 */
function labelledOnly(m: unknown, p: ProbeNames): Obj {
  const given = (m ?? {}) as Obj;
  const sel = (given.objectSelector ?? {}) as { matchExpressions?: unknown[] };
  const mine = { key: probeLabel, operator: "In", values: [webhookTag(p)] };
  return { ...given, objectSelector: { ...sel, matchExpressions: [...(sel.matchExpressions ?? []), mine] } };
}

export interface ProbeManifests {
  readonly policy: Obj;
  /** Undefined for a policy subject without binding: then only the policy exists. */
  readonly binding: Obj | undefined;
}

/** The name of a probe's second policy, which only denies on a condition's error (see probeManifests). */
export const denyingPolicyName = (p: ProbeNames) => `${policyName(p)}-d`;

/**
 * `verbatim`: the subject's conditions as stated, for a dry run asking their validity. A policy with
 * conditions is bound with Deny, so that a condition's error under Fail is the server's own 422
 * (with Warn it would be a warning): the probe's requests are dry runs, a Deny costs nothing. With
 * params too, a Deny would report one param's evaluation only: the probe stays Warn (a warning per
 * param) and a second policy (`denying`), with the same conditions and a `true` validation bound
 * with Deny, denies on a condition's error only.
 */
export function probeManifests(
  subject: Subject,
  p: ProbeNames,
  verbatim = false,
  params: { readonly paramKind?: ParamKind; readonly paramRef?: ParamRef } = {},
  denying = false,
): ProbeManifests {
  const name = denying ? denyingPolicyName(p) : policyName(p);
  const action = denying || (hasConditions(subject) && params.paramKind === undefined) ? "Deny" : "Warn";
  const metadata = { name, labels: labels(p) };
  const matchConditions = probeConditions(
    subject.kind === "ValidatingAdmissionPolicy" ? subject.policy.matchConditions : undefined,
    p,
    verbatim,
  );
  const confineByLabel = params.paramKind !== undefined && !verbatim;
  const policySpec = (matchConstraints: unknown, failurePolicy: unknown): Obj => ({
    ...(failurePolicy !== undefined && { failurePolicy }),
    ...(confineByLabel
      ? { matchConstraints: labelledOnly(matchConstraints, p) }
      : matchConstraints !== undefined && { matchConstraints }),
    ...(params.paramKind !== undefined && { paramKind: params.paramKind }),
    matchConditions,
    validations: denying ? [{ expression: "true" }] : validations(p.id, params.paramKind !== undefined),
  });
  const binding = (matchResources: unknown): Obj => ({
    apiVersion: "admissionregistration.k8s.io/v1",
    kind: "ValidatingAdmissionPolicyBinding",
    metadata,
    spec: {
      policyName: name,
      validationActions: [action],
      ...(confineByLabel
        ? { matchResources: labelledOnly(matchResources, p) }
        : matchResources !== undefined && { matchResources }),
      ...(params.paramRef !== undefined && { paramRef: params.paramRef }),
    },
  });
  const policy = (spec: Obj): Obj => ({
    apiVersion: "admissionregistration.k8s.io/v1",
    kind: "ValidatingAdmissionPolicy",
    metadata,
    spec,
  });
  switch (subject.kind) {
    case "MatchResources":
      return { policy: policy(policySpec(everything, "Fail")), binding: binding(subject.matchResources) };
    case "ValidatingAdmissionPolicy":
      return {
        policy: policy(policySpec(subject.policy.matchConstraints, subject.policy.failurePolicy)),
        binding: subject.binding && binding(subject.binding.matchResources),
      };
    default:
      throw new Error(`probeManifests realises policy subjects only, not ${subject.kind}`);
  }
}

/** The MutatingAdmissionPolicy and binding of a query: an ApplyConfiguration writing probeAnnotation. */
export function mutatingProbeManifests(subject: Subject, p: ProbeNames, verbatim = false): ProbeManifests {
  if (subject.kind !== "MutatingAdmissionPolicy") throw new Error(`not a MutatingAdmissionPolicy: ${subject.kind}`);
  const name = policyName(p);
  const metadata = { name, labels: labels(p) };
  return {
    policy: {
      apiVersion: "admissionregistration.k8s.io/v1",
      kind: "MutatingAdmissionPolicy",
      metadata,
      spec: {
        ...(subject.policy.failurePolicy !== undefined && { failurePolicy: subject.policy.failurePolicy }),
        ...(subject.policy.matchConstraints !== undefined && { matchConstraints: subject.policy.matchConstraints }),
        matchConditions: probeConditions(subject.policy.matchConditions, p, verbatim),
        reinvocationPolicy: "Never",
        mutations: [annotate(webhookTag(p))],
      },
    },
    binding: subject.binding && {
      apiVersion: "admissionregistration.k8s.io/v1",
      kind: "MutatingAdmissionPolicyBinding",
      metadata,
      spec: {
        policyName: name,
        ...(subject.binding.matchResources !== undefined && { matchResources: subject.binding.matchResources }),
      },
    },
  };
}

function annotate(tag: string): Obj {
  const gvr = (v: string, last: string) => `${v}.group + '/' + ${v}.version + '/' + ${v}.${last}`;
  const value = `'mc|${tag}|' + ${gvr("request.resource", "resource")} + '|' + ${gvr("request.kind", "kind")}`;
  return {
    patchType: "ApplyConfiguration",
    applyConfiguration: {
      expression: `Object{metadata: Object.metadata{annotations: {'${probeAnnotation}': ${value}}}}`,
    },
  };
}

/** The decision a probe MutatingAdmissionPolicy wrote into the returned object, if any. */
export function parseMutatingProbe(
  body: unknown,
  tag: string,
): { resource: [string, string, string]; kind: [string, string, string] } | undefined {
  const v = (body as { metadata?: { annotations?: Record<string, string> } } | undefined)?.metadata?.annotations?.[
    probeAnnotation
  ];
  return v === undefined ? undefined : parseMarked([v], `mc|${tag}|`);
}

/** Where the probe webhooks send their reviews. */
export interface WebhookEndpoint {
  readonly url: (tag: string) => string;
  readonly caBundle: string;
}

export const webhookTag = (p: ProbeNames) => `${p.runId}-${p.id}`;
export const webhookName = (p: ProbeNames) => `p${p.id}.${p.runId}.probe.matchconform.dev`;
export const webhookResource = (kind: "ValidatingWebhook" | "MutatingWebhook") =>
  kind === "ValidatingWebhook" ? "validatingwebhookconfigurations" : "mutatingwebhookconfigurations";

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

/** The decision reported by a probe's warning, if the warning is this probe's. */
export function parseProbeWarning(
  warnings: readonly string[],
  p: ProbeNames,
): { resource: [string, string, string]; kind: [string, string, string] } | undefined {
  return parseMarked(warnings, probeWarningPrefix(p));
}

const probeWarningPrefix = (p: ProbeNames) =>
  `Validation failed for ValidatingAdmissionPolicy '${policyName(p)}' with binding '${policyName(p)}': mc|${p.id}|`;

/** The params named by the probe's warnings (one per evaluation; "" for one without a param). */
export function parseProbeParams(warnings: readonly string[], p: ProbeNames): string[] {
  const prefix = probeWarningPrefix(p);
  return warnings.filter((w) => w.startsWith(prefix)).map((w) => w.slice(prefix.length).split("|")[2] ?? "");
}

/** The decision reported by a probe bound with Deny: the 422's message ends with its own. */
export function parseProbeDenial(
  message: string,
  p: ProbeNames,
): { resource: [string, string, string]; kind: [string, string, string] } | undefined {
  const marker = `ValidatingAdmissionPolicy '${policyName(p)}' with binding '${policyName(p)}' denied request: mc|${p.id}|`;
  const at = message.indexOf(marker);
  return at < 0 ? undefined : parseMarked([message.slice(at + marker.length)], "");
}

/** The decision reported by a probe webhook's warning (see webhookReceiver.ts), if any. */
export function parseWebhookWarning(
  warnings: readonly string[],
  p: ProbeNames,
): { resource: [string, string, string]; kind: [string, string, string] } | undefined {
  return parseMarked(warnings, `mc|${webhookTag(p)}|`);
}

function parseMarked(
  warnings: readonly string[],
  prefix: string,
): { resource: [string, string, string]; kind: [string, string, string] } | undefined {
  const w = warnings.find((x) => x.startsWith(prefix));
  if (w === undefined) return undefined;
  const [res, kind] = w.slice(prefix.length).split("|");
  const three = (s: string | undefined) => {
    const parts = (s ?? "").split("/");
    return [parts[0] ?? "", parts[1] ?? "", parts.slice(2).join("/")] as [string, string, string];
  };
  return { resource: three(res), kind: three(kind) };
}
