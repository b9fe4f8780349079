// A batch's sentinel put to the server (probe/sentinelManifests.ts): created after the batch's
// probes, then asked until a request of its own user sees every part of it.
import type { SubjectKind } from "../../contract/subject.ts";
import type { KubeHttp } from "../controlPlane/kubeHttp.ts";
import { must } from "../controlPlane/kubeHttp.ts";
import { sleep } from "../controlPlane/sleep.ts";
import type { WebhookEndpoint } from "../subject/webhookProbe.ts";
import type { MutatingPolicyVersion, ProbeNames } from "./names.ts";
import { admissionCollection, atServedVersion, webhookResource } from "./names.ts";
import type { ParamSentinel } from "./paramSentinel.ts";
import { parseMutatingProbe } from "./probeMarks.ts";
import type { Sentinel } from "./sentinelManifests.ts";
import { sentinelManifests } from "./sentinelManifests.ts";

/**
 * Between two asks of the sentinel, ms. The policy plugins take a new policy in on a loop of their
 * own every second (k8s.io/apiserver v0.37.2 pkg/admission/plugin/policy/generic/policy_source.go
 * policyRefreshIntervalDefault), and every sentinel has a policy: a wait is half a second on
 * average however often it asks. Each ask is a dry-run request through every admission plugin and
 * every live probe's match, calling the suite's receiver for the sentinel's webhooks: asked every
 * 50 ms, they were most of the 615 dry-run ConfigMap creates among the 7,255 requests of a run of
 * the recorded queries; every 200 ms, a wait ends 75 ms later on average.
 */
export const sentinelPollMs = 200;

/**
 * Creates the batch's sentinels (a policy, and a webhook of each kind the batch probes) and waits
 * until all answer; returns how long it waited, ms.
 */
export async function awaitSentinel(
  http: KubeHttp,
  p: Omit<ProbeNames, "id">,
  receiver: WebhookEndpoint,
  kinds: ReadonlySet<SubjectKind>,
  params: ParamSentinel | undefined,
  timeoutMs: number,
  mutatingVersion: MutatingPolicyVersion,
): Promise<number> {
  const s = sentinelManifests(p, receiver);
  const { markers, annotations } = await createSentinel(http, s, kinds, params, mutatingVersion);
  const mutating = kinds.has("MutatingAdmissionPolicy");
  const started = performance.now();
  const deadline = Date.now() + timeoutMs;
  let missing = markers;
  while (Date.now() < deadline) {
    // Sent without system:masters: the batch's ClusterRoleBinding must be in effect too.
    const r = await http.call("POST", "/api/v1/namespaces/default/configmaps", {
      query: { dryRun: "All" },
      impersonate: { user: s.user },
      body: { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "mc-sentinel" } },
    });
    missing = markers.filter((m) => !r.warnings.some((w) => w.includes(m)));
    const written = (r.body as { metadata?: { annotations?: Record<string, string> } } | undefined)?.metadata
      ?.annotations;
    for (const [key, value] of annotations) if (written?.[key] !== value) missing.push(`the annotation ${key}`);
    if (r.status === 403) missing.push("the batch's ClusterRoleBinding");
    if (mutating && parseMutatingProbe(r.body, s.mutating.tag) === undefined) missing.push("the mutating policy");
    if (missing.length === 0) return performance.now() - started;
    await sleep(sentinelPollMs);
  }
  throw new Error(
    `the sentinel of batch ${p.batch} did not take effect within ${timeoutMs} ms (missing: ${missing.join(", ")})`,
  );
}

/**
 * Creates the sentinel's objects, each kind's after the batch's probes of that kind (all are made
 * by now): the kinds come through informers of their own, so they are created side by side, each
 * part in its own order; returns the warnings' markers to wait for.
 */
async function createSentinel(
  http: KubeHttp,
  s: Sentinel,
  kinds: ReadonlySet<SubjectKind>,
  params: ParamSentinel | undefined,
  mutating: MutatingPolicyVersion,
): Promise<{ markers: string[]; annotations: Array<readonly [string, string]> }> {
  const markers: string[] = [`'${s.name}'`];
  const annotations: Array<readonly [string, string]> = [];
  const create = async (what: string, body: Record<string, unknown>, named: string) =>
    must(
      await http.call("POST", admissionCollection(what, mutating), { body: atServedVersion(what, body, mutating) }),
      named,
    );
  const parts: Array<Promise<void>> = [];
  if (params !== undefined) {
    markers.push(...params.kinds.map((k) => k.marker));
    // A kind a mutating probe uses: the mutating plugin's own informer, told by its annotation.
    for (const k of params.kinds) if (k.mutating) annotations.push([k.mutating.annotation, k.marker]);
    parts.push(
      (async () => {
        must(
          await http.call("POST", "/api/v1/namespaces", { body: params.namespace }),
          "the param sentinel's namespace",
        );
        for (const k of params.kinds) {
          must(await http.call("POST", k.path, { body: k.param }), "a sentinel param");
          await create("validatingadmissionpolicies", k.policy, "a param sentinel policy");
          await create("validatingadmissionpolicybindings", k.binding, "a param sentinel binding");
          if (k.mutating === undefined) continue;
          await create("mutatingadmissionpolicies", k.mutating.policy, "a mutating param sentinel policy");
          await create("mutatingadmissionpolicybindings", k.mutating.binding, "a mutating param sentinel binding");
        }
      })(),
    );
  }
  parts.push(
    (async () => {
      await create("validatingadmissionpolicies", s.policy, "sentinel policy");
      await create("validatingadmissionpolicybindings", s.binding, "sentinel binding");
    })(),
  );
  if (kinds.has("MutatingAdmissionPolicy"))
    parts.push(
      (async () => {
        await create("mutatingadmissionpolicies", s.mutating.policy, "sentinel mutating policy");
        await create("mutatingadmissionpolicybindings", s.mutating.binding, "sentinel mutating binding");
      })(),
    );
  for (const kind of ["ValidatingWebhook", "MutatingWebhook"] as const) {
    if (!kinds.has(kind) || s.webhooks === undefined) continue;
    parts.push(create(webhookResource(kind), s.webhooks[kind], `sentinel ${kind}`));
    markers.push(`mc|${s.sentinelTag(kind)}|`);
  }
  await Promise.all(parts);
  return { markers, annotations };
}
