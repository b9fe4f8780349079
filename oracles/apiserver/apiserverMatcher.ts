// The real kube-apiserver as a Matcher: queries are collected into batches (batch/batcher.ts);
// each batch is realised in the cluster (namespaces, stored objects, one probe policy + binding per
// query, a sentinel created last), every query's request is sent dryRun=All as the case's
// impersonated user, and the decision is read back from the Warning headers (batch/runBatch.ts).
// Nothing is left behind. The rooms: README.md.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Matcher } from "../adapters/matcher.ts";
import { fullCapabilities } from "../contract/capabilities.ts";
import type { CustomKind } from "../contract/cluster.ts";
import type { SubjectKind } from "../contract/subject.ts";
import type { Minor } from "../contract/versions.ts";
import { Batcher } from "./batch/batcher.ts";
import { queryFamily } from "./batch/families.ts";
import type { BatchRun, BatchStats } from "./batch/runBatch.ts";
import { emptyBatchStats, runBatch } from "./batch/runBatch.ts";
import { crdEnsurer } from "./controlPlane/ensureCrd.ts";
import type { Connection } from "./controlPlane/kubeHttp.ts";
import { KubeHttp, must, ok, statusMessage } from "./controlPlane/kubeHttp.ts";
import { cleanUp, removeAbandoned, removeLeftovers } from "./controlPlane/leftovers.ts";
import { servedMutatingVersion } from "./controlPlane/mutatingVersion.ts";
import { paramSlots } from "./controlPlane/paramSlots.ts";
import { grantRole, rbacPath } from "./controlPlane/rbacGrant.ts";
import { acquireRunLease } from "./controlPlane/runLease.ts";
import { setupClient } from "./controlPlane/setupClient.ts";
import type { Review } from "./controlPlane/webhookReceiver.ts";
import { startWebhookReceiver } from "./controlPlane/webhookReceiver.ts";
import { paramKindResolver } from "./probe/awaitParamKinds.ts";
import type { MutatingPolicyVersion } from "./probe/names.ts";
import { batchLabel } from "./probe/names.ts";
import { warmParamKinds } from "./probe/warmParamKinds.ts";
import { kindCrd } from "./request/paramObjects.ts";

export interface ApiserverMatcherOptions {
  readonly server: string;
  readonly token?: string;
  readonly caFile?: string;
  /** Or the TLS material itself (a kubeconfig's client certificate, say). */
  readonly connection?: Connection;
  readonly minor: Minor;
  /** Short lowercase id of this run; generated when omitted. */
  readonly runId?: string;
  /** Queries per batch, at most (default 50). */
  readonly batchSize?: number;
  /** How long a batch waits for more queries, ms (default 50). */
  readonly batchDelayMs?: number;
  /** Batches realised at the same time (default 3). */
  readonly concurrentBatches?: number;
  readonly sentinelTimeoutMs?: number;
  /**
   * Custom param kinds the run's queries are likely to read (verify's generated params): the
   * cluster-scoped ones get param slots made as the run starts (controlPlane/paramSlots.ts ahead).
   */
  readonly paramKindsAhead?: readonly CustomKind[];
  /** How long the run's lease lasts unrenewed, s (default 60): another run takes this one for ended once it expires. */
  readonly leaseSeconds?: number;
  /** The address the server reaches the suite's webhook receiver at (default 127.0.0.1; on kind: the kind network's gateway). */
  readonly webhookHost?: string;
  /** The address the webhook receiver listens on (default: webhookHost). */
  readonly webhookListen?: string;
  readonly log?: (line: string) => void;
  /**
   * Custom param kinds the run's queries are going to share (the generators' vocabulary, the
   * corpus's): their CRDs are made and resolved at the start (probe/warmParamKinds.ts).
   */
  readonly warmParamKinds?: readonly CustomKind[];
  /** Tests only: reviews the suite's webhook receiver fails on purpose (it resets their connections). */
  readonly receiverFault?: (review: Review) => boolean;
}

export type ApiserverStats = BatchStats;

export interface ApiserverMatcher extends Matcher {
  readonly runId: string;
  readonly stats: ApiserverStats;
  readonly http: KubeHttp;
}

/**
 * Slots made ahead of a likely param kind: as many as the run holds of one at once (verify's
 * generated ClusterLimits, three batches of 50 in flight, grew to 16 and no further).
 */
const slotsAhead = 16;

const answeredKinds: readonly SubjectKind[] = [
  "MatchResources",
  "ValidatingAdmissionPolicy",
  "ValidatingWebhook",
  "MutatingWebhook",
  "MutatingAdmissionPolicy",
];

export async function startApiserverMatcher(o: ApiserverMatcherOptions): Promise<ApiserverMatcher> {
  const connection: Connection = o.connection ?? {
    server: o.server,
    ...(o.token !== undefined && { token: o.token }),
    ...(o.caFile !== undefined && { ca: readFileSync(o.caFile) }),
  };
  const http = new KubeHttp(connection);
  const setup = setupClient(http);
  const runId = o.runId ?? randomBytes(3).toString("hex");
  const log = o.log ?? (() => {});
  const gitVersion = await serverVersion(http);
  const { subjects, mutatingVersion } = await servedSubjects(http);
  const lease = await acquireRunLease(http, runId, {
    ...(o.leaseSeconds !== undefined && { seconds: o.leaseSeconds }),
    log,
  });
  await removeAbandoned(http, runId, log);
  must(await http.call("POST", `${rbacPath}/clusterroles`, { body: grantRole(runId) }), "the run's ClusterRole");
  const receiver = await startWebhookReceiver({
    ...(o.webhookHost !== undefined && { host: o.webhookHost }),
    ...(o.webhookListen !== undefined && { listen: o.webhookListen }),
    ...(o.receiverFault !== undefined && { fault: o.receiverFault }),
  });
  const stats: ApiserverStats = emptyBatchStats();
  const ensureCrd = crdEnsurer(http, runId);
  const run: BatchRun = {
    http,
    setup,
    runId,
    minor: o.minor,
    subjects,
    mutatingVersion,
    receiver,
    stats,
    log,
    sentinelTimeoutMs: o.sentinelTimeoutMs ?? 30_000,
    ensureCrd,
    resolveParamKinds: paramKindResolver(http, runId, o.sentinelTimeoutMs ?? 30_000),
    paramSlots: paramSlots({
      http,
      runId,
      mutatingVersion,
      mutatingServed: subjects.includes("MutatingAdmissionPolicy"),
      ensureCrd,
      timeoutMs: o.sentinelTimeoutMs ?? 30_000,
    }),
    cleanups: new Set(),
    shared: new Map(),
  };
  const warming = warmParamKinds(
    {
      ...run,
      cleanUp: (batch) => cleanUp(http, `${batchLabel}=${runId}-${batch}`, [], mutatingVersion),
    },
    o.warmParamKinds ?? [],
  );
  for (const k of o.paramKindsAhead ?? []) if (k.scope === "Cluster") run.paramSlots.ahead(kindCrd(k, ""), slotsAhead);
  const batchSize = o.batchSize ?? 50;
  const width = o.concurrentBatches ?? 3;
  const batcher = new Batcher({
    batchSize,
    delayMs: o.batchDelayMs ?? 50,
    width,
    run: (items, batch, ids) => runBatch(run, items, batch, ids),
    familyKey: queryFamily,
  });
  let closing: Promise<void> | undefined;
  return {
    runId,
    stats,
    http,
    info: { name: "kube-apiserver", version: gitVersion, language: "go" },
    subjects,
    input: "manifest",
    // Every batch slot full and the next batches waiting, so that no slot waits for queries.
    inFlight: batchSize * (width + 1),
    kubernetesVersions: [o.minor],
    // The server decides everything; what it cannot be asked it answers as skipped. The probes
    // carry the subject's matchConditions behind their confinement, and params are realised.
    capabilities: {
      ...fullCapabilities,
      features: { ...fullCapabilities.features, matchConditions: true, params: true },
    },
    match: (query) => batcher.add(query),
    close: () =>
      (closing ??= (async () => {
        await batcher.close();
        await warming;
        await Promise.all(run.cleanups);
        // Slots made ahead may still be writing their CRD and sentinel: the clean-up comes after.
        await run.paramSlots.settled();
        await lease.stop();
        try {
          await removeLeftovers(http, runId, log);
        } finally {
          http.close();
          await receiver.close();
        }
      })()),
  };
}

/** The subjects the server can be asked about, and the version it serves MutatingAdmissionPolicy at (v1 if none). */
async function servedSubjects(
  http: KubeHttp,
): Promise<{ subjects: SubjectKind[]; mutatingVersion: MutatingPolicyVersion }> {
  const served = await servedMutatingVersion(http);
  const subjects = answeredKinds.filter((k) => k !== "MutatingAdmissionPolicy" || served !== undefined);
  return { subjects, mutatingVersion: served ?? "v1" };
}

async function serverVersion(http: KubeHttp): Promise<string> {
  const version = await http.call("GET", "/version");
  if (!ok(version)) throw new Error(`GET /version answered ${version.status}: ${statusMessage(version)}`);
  return (version.body as { gitVersion?: string }).gitVersion ?? "unknown";
}

export { leftovers, removeLeftovers } from "./controlPlane/leftovers.ts";
