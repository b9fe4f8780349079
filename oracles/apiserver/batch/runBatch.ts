// One batch put to the server, in order: the CRDs its queries need, its custom param kinds
// resolved, its namespaces, stored objects and probes, the sentinel created last and waited for,
// the probe requests sent, the answers given; and whatever happened, its objects deleted.
import type { ParamKind } from "../../contract/kube.ts";
import type { SubjectKind } from "../../contract/subject.ts";
import type { Minor } from "../../contract/versions.ts";
import type { KubeHttp } from "../controlPlane/kubeHttp.ts";
import { must } from "../controlPlane/kubeHttp.ts";
import { cleanUp } from "../controlPlane/leftovers.ts";
import type { ParamSlot, ParamSlots } from "../controlPlane/paramSlots.ts";
import { pool } from "../controlPlane/pool.ts";
import { grantBinding, rbacPath } from "../controlPlane/rbacGrant.ts";
import type { SetupClient } from "../controlPlane/setupClient.ts";
import type { ReceiverRecord } from "../controlPlane/webhookReceiver.ts";
import { awaitSentinel } from "../probe/awaitSentinel.ts";
import type { MutatingPolicyVersion } from "../probe/names.ts";
import { batchLabel } from "../probe/names.ts";
import { paramKindsOf, paramSentinel } from "../probe/paramSentinel.ts";
import { answerAsCase } from "../probe/readOutcome.ts";
import { receiverFailure } from "../probe/receiverFailures.ts";
import type { SchemaWait } from "../probe/schemaWait.ts";
import { sendProbe } from "../probe/sendProbe.ts";
import { sentinelManifests } from "../probe/sentinelManifests.ts";
import { serverTimedOut } from "../probe/serverTimeout.ts";
import type { CustomResource } from "../request/customResources.ts";
import { answerInQueryGroup, crdName } from "../request/customResources.ts";
import { setUp } from "../request/setUp.ts";
import { createProbe } from "../subject/createProbe.ts";
import type { WebhookEndpoint } from "../subject/webhookProbe.ts";
import type { Work } from "../work.ts";
import { skipped } from "../work.ts";
import type { Pending } from "./batcher.ts";
import { createBatchWebhooks, inBatchWebhooks } from "./batchWebhooks.ts";
import { familyProbes, familyRenames, followProbes, shareProbes } from "./families.ts";
import { prepare } from "./prepareQuery.ts";
import { skipReason } from "./skipReasons.ts";
import { inSlots, releaseSlots } from "./slotWork.ts";

export interface BatchStats {
  batches: number;
  queries: number;
  probed: number;
  /** Of the probed, those read against a probe their family shares (families.ts). */
  sharedProbe: number;
  skipped: number;
  /** Time spent waiting for sentinels, ms, summed over batches. */
  sentinelWaitMs: number;
  /** Where a batch's time goes, ms per step, summed over batches (batches in flight together overlap). */
  stepMs: Record<BatchStep, number>;
  /** Skipped queries by reason (skipReasons.ts). */
  skipReasons: Record<string, number>;
}

/** The steps; `schemaWait` is within `probes`: a batch's longest wait for the server to learn a new CRD's schema (probe/schemaWait.ts). */
export const batchSteps = [
  "crds",
  "paramSlots",
  "paramKinds",
  "realise",
  "sentinel",
  "probes",
  "schemaWait",
  "cleanup",
] as const;
export type BatchStep = (typeof batchSteps)[number];

export function emptyBatchStats(): BatchStats {
  const stepMs = Object.fromEntries(batchSteps.map((s) => [s, 0])) as Record<BatchStep, number>;
  return { batches: 0, queries: 0, probed: 0, sharedProbe: 0, skipped: 0, sentinelWaitMs: 0, stepMs, skipReasons: {} };
}

/** `work`, its time added to the step's. */
async function timed<T>(stats: BatchStats, step: BatchStep, work: () => Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await work();
  } finally {
    stats.stepMs[step] += performance.now() - start;
  }
}

/** What every batch of a run shares. */
export interface BatchRun {
  readonly http: KubeHttp;
  readonly setup: SetupClient;
  readonly runId: string;
  readonly minor: Minor;
  readonly subjects: readonly SubjectKind[];
  /** The version MutatingAdmissionPolicy is served at (v1 where it is not served: none is asked then). */
  readonly mutatingVersion: MutatingPolicyVersion;
  readonly receiver: WebhookEndpoint & ReceiverRecord;
  readonly stats: BatchStats;
  readonly log: (line: string) => void;
  readonly sentinelTimeoutMs: number;
  readonly ensureCrd: (c: CustomResource) => Promise<void>;
  /** Waits until the admission plugin resolves the batch's custom param kinds (probe/awaitParamKinds.ts). */
  readonly resolveParamKinds: (batch: string, kinds: readonly ParamKind[]) => Promise<void>;
  /** The run's pool of CRDs for the param kinds that are a query's own (controlPlane/paramSlots.ts). */
  readonly paramSlots: ParamSlots;
  /** The run's shared namespaces, created once (request/setUp.ts). */
  readonly shared: Map<string, Promise<void>>;
  /**
   * Batches' cleanups still under way: a batch's answers are given before its objects are deleted,
   * and its slot is free before they are gone (deleting took as long as creating them, 4 s a batch
   * on a loaded 2-core machine); the run's close waits for them.
   */
  readonly cleanups: Set<Promise<void>>;
}

/** Cleanups in flight at most: past it a batch waits for one to end, so that deletions keep up. */
const maxCleanups = 4;

export async function runBatch(
  run: BatchRun,
  items: readonly Pending[],
  batch: string,
  ids: readonly string[],
): Promise<void> {
  run.stats.batches++;
  const made: Array<{ path: string }> = []; // cluster-scoped objects to delete (namespaces)
  const slots: ParamSlot[] = [];
  let answered = false;
  try {
    const renames = familyRenames(
      items.map((it) => it.query),
      ids,
    );
    const s = run.stats;
    const prepared = items.map((it, i) =>
      prepare(it.query, { runId: run.runId, batch, id: ids[i] as string }, run.minor, run.subjects, renames[i]),
    );
    // The slots are had while the other CRDs are made and their kinds resolve: only the params
    // probes with kinds of their own wait for them (a new slot waits for the RESTMapper's reset).
    const slotted = timed(s, "paramSlots", () => inSlots(run.paramSlots, prepared, slots));
    const work = shareProbes(prepared);
    await timed(s, "crds", () => ensureCrds(run, work));
    const customParamKinds = customParamKindsOf(work);
    // The kinds resolve while the batch's namespaces, objects and other probes are made: only the
    // params probes wait for them (a policy made before its kind resolves keeps failing to find it).
    const kindsResolved =
      customParamKinds.length > 0
        ? timed(s, "paramKinds", () => run.resolveParamKinds(batch, customParamKinds))
        : Promise.resolve();
    await timed(s, "realise", () => realise(run, work, made, batch, { kindsResolved, slotted }));
    followProbes(work);
    const probes = work.filter((w) => w.state === "probe");
    if (probes.length > 0) await timed(s, "sentinel", () => raiseSentinel(run, batch, probes));
    let longestWait = 0;
    const wait = {
      timeoutMs: run.sentinelTimeoutMs,
      waited: (ms: number) => (longestWait = Math.max(longestWait, ms)),
    };
    await timed(s, "probes", () => pool(probes, 16, (w) => sendAndCheck(run, w, wait)));
    s.stepMs.schemaWait += longestWait;
    answer(run, items, work);
    answered = true;
  } finally {
    const cleanup = timed(run.stats, "cleanup", () =>
      cleanUp(
        run.http,
        `${batchLabel}=${run.runId}-${batch}`,
        made.map((m) => m.path),
        run.mutatingVersion,
      ),
    )
      .catch((e: Error) => run.log(`cleanup of batch ${batch}: ${e.message}`))
      // A batch that failed may still be writing into its slots: they are left out of the pool.
      .then(() => (answered ? releaseSlots(run.paramSlots, slots, run.log) : undefined));
    run.cleanups.add(cleanup);
    void cleanup.finally(() => run.cleanups.delete(cleanup));
    while (run.cleanups.size > maxCleanups) await Promise.race(run.cleanups);
  }
}

/** The CRDs of the batch's custom resources and param kinds, but those slots hold; a query whose CRD fails is skipped. */
function ensureCrds(run: BatchRun, work: readonly Work[]): Promise<void> {
  return pool(work, 4, async (w) => {
    if (w.state === "done") return;
    const own = w.params?.own ?? [];
    for (const crd of [...(w.crd ? [w.crd] : []), ...(w.params?.crds ?? []).filter((c) => !own.includes(c.realGroup))])
      await run.ensureCrd(crd).catch((e: Error) => {
        w.state = "done";
        w.answer = skipped(`the CRD ${crdName(crd)} could not be made ready: ${e.message}`);
      });
  });
}

/** The distinct custom param kinds of the batch's queries still to be answered. */
function customParamKindsOf(work: readonly Work[]): ParamKind[] {
  const kinds = new Map<string, ParamKind>();
  for (const w of work) {
    const k = w.params?.paramKind;
    // A slot's kind was resolved when the slot was made (controlPlane/paramSlots.ts).
    const inSlot = k !== undefined && w.params?.own.some((g) => (k.apiVersion ?? "").startsWith(`${g}/`)) === true;
    if (
      w.state !== "done" &&
      k &&
      !inSlot &&
      w.params?.crds.some((c) => `${c.realGroup}/${c.versions[0]}` === k.apiVersion)
    )
      kinds.set(`${k.apiVersion} ${k.kind}`, k);
  }
  return [...kinds.values()];
}

/**
 * Namespaces, their default ServiceAccounts and the stored objects; probe policies and bindings,
 * the params probes once `kindsResolved`. Every part is let finish before a failure is thrown, so
 * that the batch's cleanup sees all that was made.
 */
async function realise(
  run: BatchRun,
  work: readonly Work[],
  made: Array<{ path: string }>,
  batch: string,
  ready: { readonly kindsResolved: Promise<void>; readonly slotted: Promise<void> },
): Promise<void> {
  const { kindsResolved, slotted } = ready;
  const probe = (w: Work) => createProbe(run.http, run.receiver, w, run.mutatingVersion);
  const webhooks = work.filter(inBatchWebhooks);
  const alone = [
    ...work.filter((w) => w.params === undefined && !webhooks.includes(w) && w.probeOf === undefined),
    ...familyProbes(work),
  ];
  const namespaces = new Map<string, Promise<void>>(); // the batch's, each made once (families share them)
  const asked = (w: Work) => w.state === "invalid?" || w.state === "probe";
  const parts = await Promise.allSettled([
    createBatchWebhooks(run, { runId: run.runId, batch }, webhooks),
    // A params probe's stored objects carry its label: they are stored before the probe exists.
    pool(work, 16, async (w) => {
      if ((w.params?.own.length ?? 0) > 0) await slotted;
      if (w.state === "probe")
        await setUp({ ...run, batchNamespaces: namespaces }, w, made).catch((e: Error) => {
          w.state = "done";
          w.answer = skipped(`setting up the request failed: ${e.message}`);
        });
    }).then(async () => {
      await kindsResolved;
      await pool(
        work.filter((w) => w.params !== undefined && asked(w)),
        16,
        probe,
      );
    }),
    pool(alone, 16, (w) => (asked(w) ? probe(w) : Promise.resolve())),
    kindsResolved,
    slotted,
  ]);
  const failed = parts.find((p) => p.status === "rejected");
  if (failed !== undefined) throw failed.reason;
}

/** The batch's ClusterRoleBinding and sentinel, created last: it tells when everything before it is in effect. */
async function raiseSentinel(run: BatchRun, batch: string, probes: readonly Work[]): Promise<void> {
  const p = { runId: run.runId, batch };
  const s = sentinelManifests(p, run.receiver);
  const users = [s.user, ...probes.map((w) => w.user.impersonation.user)];
  // The sentinel's request waits for the binding too (a 403 until RBAC sees it): made side by side.
  const binding = run.http
    .call("POST", `${rbacPath}/clusterrolebindings`, { body: grantBinding(p, users) })
    .then((r) => must(r, "the batch's ClusterRoleBinding"));
  const paramKinds = paramKindsOf(
    probes.map((w) => ({ params: w.params, mutating: w.query.subject.kind === "MutatingAdmissionPolicy" })),
  );
  const [, waited] = await Promise.all([
    binding,
    awaitSentinel(
      run.http,
      p,
      run.receiver,
      new Set(probes.map((w) => w.query.subject.kind)),
      paramKinds.length > 0 ? paramSentinel(p, s.user, paramKinds) : undefined,
      run.sentinelTimeoutMs,
      run.mutatingVersion,
    ),
  ]);
  run.stats.sentinelWaitMs += waited;
}

/** Sends w's request; a verdict that is only the server's failure to call the suite's receiver (or its own timeout) is skipped. */
async function sendAndCheck(run: BatchRun, w: Work, wait: SchemaWait): Promise<void> {
  const sent = performance.now();
  await sendProbe(run.http, w, wait);
  w.answer = receiverFailure(w, run.receiver, [sent, performance.now()]) ?? serverTimedOut(w) ?? w.answer;
}

function answer(run: BatchRun, items: readonly Pending[], work: readonly Work[]): void {
  for (const [i, w] of work.entries()) {
    run.stats.queries++;
    if (w.answer.answer === "skipped") {
      run.stats.skipped++;
      const why = skipReason(w.answer.message);
      run.stats.skipReasons[why] = (run.stats.skipReasons[why] ?? 0) + 1;
    } else if (w.state !== "done") {
      run.stats.probed++;
      if (w.probeOf !== undefined) run.stats.sharedProbe++;
    }
    const a = answerAsCase(w.answer, w);
    items[i]?.resolve(w.crd ? answerInQueryGroup(a, w.crd) : a);
  }
}
