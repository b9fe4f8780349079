// A query's probe put to the server: a subject with matchConditions, or confined by label (params
// among them), is first created dry-run as stated, so that the server's validation (its 422) sees
// the subject's own expressions and selectors, then with the probe's confinement (confinement.ts
// probeConditions, labelledOnly).

import { carriesMatchConditions } from "../../contract/features.ts";
import type { Query } from "../../contract/query.ts";
import type { KubeHttp } from "../controlPlane/kubeHttp.ts";
import { ok, statusMessage } from "../controlPlane/kubeHttp.ts";
import type { MutatingPolicyVersion } from "../probe/names.ts";
import { admissionCollection, atServedVersion, webhookResource } from "../probe/names.ts";
import type { Work } from "../work.ts";
import { skipped } from "../work.ts";
import { mutatingProbeManifests } from "./mutatingProbe.ts";
import { probeManifests } from "./policyProbe.ts";
import type { WebhookEndpoint } from "./webhookProbe.ts";
import { webhookManifest } from "./webhookProbe.ts";

type Objects = ReadonlyArray<readonly [string, Record<string, unknown> | undefined]>;

/** Creates w's probe, or answers w: invalid (the server's 422) or skipped (any other failure). */
export async function createProbe(
  http: KubeHttp,
  receiver: WebhookEndpoint,
  w: Work,
  mutating: MutatingPolicyVersion,
): Promise<void> {
  const create = (verbatim: boolean) => createObjects(http, w, probeObjects(w, receiver, verbatim), verbatim, mutating);
  if (w.state === "invalid?") return create(true);
  // A subject's conditions are put to the server's validation as stated first (its 422 names them).
  if (carriesMatchConditions(w.query.subject)) {
    await create(true);
    if (w.state !== "probe") return;
    return create(false);
  }
  const created = new Set<string>();
  await createObjects(http, w, probeObjects(w, receiver, false), false, mutating, created);
  // Confined by its label, a subject's selectors carry one more requirement, which keeps a valid
  // subject valid: only a 422 is asked again as stated, for the server's own words (a dry run
  // before every labelled probe cost the bench's batched line 30 %, 61.6 -> 41-42 decisions/s).
  if (w.labelled !== true || !isInvalid(w)) return;
  // What was created before the 422 is not asked again (a dry run of its name would be a 409).
  w.state = "probe";
  const rest = probeObjects(w, receiver, true).filter(([what]) => !created.has(what));
  await createObjects(http, w, rest, true, mutating);
  if (w.state === "probe") {
    w.state = "done";
    w.answer = skipped("the probe's label confinement made the subject invalid, which is valid as stated");
  }
}

const isInvalid = (w: Work) =>
  w.state === "done" && w.answer.answer === "outcome" && w.answer.outcome.outcome === "invalid";

/** Asks whether w's subject is valid, as stated (a dry run): answers w invalid or skipped, or leaves it to probe. */
export function validateProbe(
  http: KubeHttp,
  receiver: WebhookEndpoint,
  w: Work,
  mutating: MutatingPolicyVersion,
): Promise<void> {
  return createObjects(http, w, probeObjects(w, receiver, true), true, mutating);
}

/** Creates w's probe with its confinement, its validity already known. */
export function createConfined(
  http: KubeHttp,
  receiver: WebhookEndpoint,
  w: Work,
  mutating: MutatingPolicyVersion,
): Promise<void> {
  return createObjects(http, w, probeObjects(w, receiver, false), false, mutating);
}

/** The probe's objects, as (resource, body); `verbatim`: with the subject's conditions as stated (for a dry run). */
export function probeObjects(w: Work, receiver: WebhookEndpoint, verbatim: boolean): Objects {
  const subject = w.query.subject;
  if ("webhook" in subject)
    return [[webhookResource(subject.kind), webhookManifest(subject, w.names, receiver, verbatim)]];
  const mutating = subject.kind === "MutatingAdmissionPolicy";
  const labelled = w.labelled === true;
  const m = mutating
    ? mutatingProbeManifests(subject, w.names, verbatim, w.params, w.query.request.operation === "DELETE", labelled)
    : probeManifests(subject, w.names, verbatim, w.params, false, labelled);
  const kind = mutating ? "mutatingadmissionpolicies" : "validatingadmissionpolicies";
  const binding = kind.replace("policies", "policybindings");
  // A validating probe with params and conditions: a second policy denies on a condition's error
  // (policyProbe.ts). A mutating one needs none: a condition's error under Fail is its own 403.
  const d =
    !mutating && !verbatim && w.params !== undefined && carriesMatchConditions(subject)
      ? probeManifests(subject, w.names, false, w.params, true, labelled)
      : undefined;
  return [
    [kind, m.policy],
    [binding, m.binding],
    ...(d
      ? ([
          [kind, d.policy],
          [binding, d.binding],
        ] as const)
      : []),
  ];
}

async function createObjects(
  http: KubeHttp,
  w: Work,
  objects: Objects,
  dry: boolean,
  mutating: MutatingPolicyVersion,
  /** Given, each resource created (not dry-run) is added to it. */
  created?: Set<string>,
): Promise<void> {
  const subject = w.query.subject;
  const dryRun = dry ? { dryRun: "All" } : undefined;
  for (const [what, made] of objects) {
    if (made === undefined) continue;
    const body = atServedVersion(
      what,
      dryRun && what.endsWith("bindings") ? withSubjectPolicyName(made, subject) : made,
      mutating,
    );
    const r = await http.call("POST", admissionCollection(what, mutating), { body, ...(dryRun && { query: dryRun }) });
    if (r.status === 422) {
      w.state = "done";
      w.answer = { answer: "outcome", outcome: { outcome: "invalid", message: statusMessage(r) } };
      return;
    }
    if (!ok(r)) {
      w.state = "done";
      w.answer = skipped(`creating the probe ${what} failed with HTTP ${r.status}: ${statusMessage(r)}`);
      return;
    }
    created?.add(what);
  }
  if (w.state === "invalid?") {
    // Valid, but the request cannot be sent: the reason stays.
    w.state = "done";
  }
}

/**
 * A binding only dry-run (its subject's validity asked, the request not sent) carries the subject's
 * own policyName, so that the server validates that name, null included; a binding that is really
 * created always names the probe's own policy.
 */
function withSubjectPolicyName(binding: Record<string, unknown>, subject: Query["subject"]): Record<string, unknown> {
  if (!("binding" in subject) || subject.binding === undefined || !("policyName" in subject.binding)) return binding;
  return { ...binding, spec: { ...(binding.spec as object), policyName: subject.binding.policyName } };
}
