// A batch's webhook probes in one webhook configuration per kind, not one each: every webhook is
// confined to its own query's requests by its matchConditions (subject/confinement.ts), and the
// server calls the webhooks of a configuration one by one, each on its own rules and selectors,
// so holding them together changes no decision. A configuration is two writes (its creation and
// its deletion) and the informer event that makes it seen; one per batch saves them for every
// webhook query but one. Each subject's validity is still asked alone, as a dry run of its own
// configuration, so that the server's 422 answers that query only.
import { carriesMatchConditions } from "../../contract/features.ts";
import type { KubeHttp } from "../controlPlane/kubeHttp.ts";
import { ok } from "../controlPlane/kubeHttp.ts";
import { pool } from "../controlPlane/pool.ts";
import type { MutatingPolicyVersion, ProbeNames } from "../probe/names.ts";
import { admissionPath, labels, webhookResource } from "../probe/names.ts";
import { createConfined, probeObjects, validateProbe } from "../subject/createProbe.ts";
import type { WebhookEndpoint } from "../subject/webhookProbe.ts";
import type { Work } from "../work.ts";

const kinds = ["ValidatingWebhook", "MutatingWebhook"] as const;

/** Whether w is a webhook probe the batch's configurations hold (validated first, created together). */
export function inBatchWebhooks(w: Work): boolean {
  const k = w.query.subject.kind;
  return w.state === "probe" && w.params === undefined && (k === "ValidatingWebhook" || k === "MutatingWebhook");
}

/**
 * Validates each of the works' webhook probes with conditions alone (dry run), then creates the
 * valid ones of each kind as one configuration. A webhook without conditions is probed as the
 * subject states it (its only condition is the confinement, verbatim or not), and a configuration's
 * webhooks are validated one by one, names apart (k8s.io/kubernetes v1.37.2
 * pkg/apis/admissionregistration/validation validateValidatingWebhookConfiguration), so the
 * configuration's creation asks their validity too: only when it fails is each asked alone, and
 * the valid ones created together again, or else each alone, so that a failure stays with its own query.
 */
export async function createBatchWebhooks(
  run: { readonly http: KubeHttp; readonly receiver: WebhookEndpoint; readonly mutatingVersion: MutatingPolicyVersion },
  p: Omit<ProbeNames, "id">,
  work: readonly Work[],
): Promise<void> {
  const { http, receiver, mutatingVersion } = run;
  const validate = (ws: readonly Work[]) => pool(ws, 16, (w) => validateProbe(http, receiver, w, mutatingVersion));
  await validate(work.filter((w) => carriesMatchConditions(w.query.subject)));
  for (const kind of kinds) {
    const create = (ws: readonly Work[]) =>
      http.call("POST", `${admissionPath}/${webhookResource(kind)}`, {
        body: batchConfiguration(kind, p, ws, receiver),
      });
    const ofKind = () => work.filter((w) => w.state === "probe" && w.query.subject.kind === kind);
    if (ofKind().length === 0 || ok(await create(ofKind()))) continue;
    await validate(ofKind().filter((w) => !carriesMatchConditions(w.query.subject)));
    const valid = ofKind();
    if (valid.length > 0 && !ok(await create(valid)))
      await pool(valid, 16, (w) => createConfined(http, receiver, w, mutatingVersion));
  }
}

/** One configuration holding every confined webhook of the kind, in the order of the works. */
function batchConfiguration(
  kind: (typeof kinds)[number],
  p: Omit<ProbeNames, "id">,
  work: readonly Work[],
  receiver: WebhookEndpoint,
): Record<string, unknown> {
  const webhooks = work.flatMap((w) =>
    probeObjects(w, receiver, false).flatMap(([, body]) => (body?.webhooks as unknown[] | undefined) ?? []),
  );
  return {
    apiVersion: "admissionregistration.k8s.io/v1",
    kind: `${kind}Configuration`,
    metadata: { name: `mc-${p.runId}-b${p.batch}-${kind === "ValidatingWebhook" ? "v" : "m"}`, labels: labels(p) },
    webhooks,
  };
}
