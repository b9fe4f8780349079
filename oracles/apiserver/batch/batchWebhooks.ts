// A batch's webhook probes in one webhook configuration per kind, not one each: every webhook is
// confined to its own query's requests by its matchConditions (subject/confinement.ts), and the
// server calls the webhooks of a configuration one by one, each on its own rules and selectors,
// so holding them together changes no decision. A configuration is two writes (its creation and
// its deletion) and the informer event that makes it seen; one per batch saves them for every
// webhook query but one. Each subject's validity is still asked alone, as a dry run of its own
// configuration, so that the server's 422 answers that query only.
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
 * Validates each of the works' webhook probes alone (dry run), then creates the valid ones of each
 * kind as one configuration; if that fails, each is created alone as before, so that the failure
 * stays with its own query.
 */
export async function createBatchWebhooks(
  run: { readonly http: KubeHttp; readonly receiver: WebhookEndpoint; readonly mutatingVersion: MutatingPolicyVersion },
  p: Omit<ProbeNames, "id">,
  work: readonly Work[],
): Promise<void> {
  const { http, receiver, mutatingVersion } = run;
  await pool(work, 16, (w) => validateProbe(http, receiver, w, mutatingVersion));
  for (const kind of kinds) {
    const valid = work.filter((w) => w.state === "probe" && w.query.subject.kind === kind);
    if (valid.length === 0) continue;
    const r = await http.call("POST", `${admissionPath}/${webhookResource(kind)}`, {
      body: batchConfiguration(kind, p, valid, receiver),
    });
    if (!ok(r)) await pool(valid, 16, (w) => createConfined(http, receiver, w, mutatingVersion));
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
