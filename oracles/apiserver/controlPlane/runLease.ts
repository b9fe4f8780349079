// A run's lease: the coordination.k8s.io/v1 Lease `matchconform-<runId>` in `default`, labelled
// with the run, created before anything else of the run and renewed every third of its duration
// while the run lives. A run starting on a cluster removes another run's objects only once that
// run's lease is missing or expired, so that two runs against one cluster leave each other alone.
import { hostname } from "node:os";
import { runLabel } from "../probe/names.ts";
import type { KubeHttp } from "./kubeHttp.ts";
import { ok, statusMessage } from "./kubeHttp.ts";

export const leaseCollection = "/apis/coordination.k8s.io/v1/namespaces/default/leases";
export const leaseName = (runId: string) => `matchconform-${runId}`;
export const defaultLeaseSeconds = 60;

/**
 * How long after its declared expiry another run's lease counts as expired. renewTime is written
 * with the renewing client's clock and compared with ours, not with the server's (the server
 * keeps no clock of its own in a Lease): the allowance covers the skew between the two clocks.
 * A renewal a few seconds late (a busy event loop) is covered by renewing at a third of the duration.
 */
export const clockSkewAllowanceMs = 5_000;

/** metav1.MicroTime: RFC 3339 with exactly six fractional digits, which the server insists on. */
export const microTime = (d: Date) => d.toISOString().replace(/\.(\d{3})Z$/, ".$1000Z");

export interface RunLeaseConstraints {
  /** leaseDurationSeconds, a positive integer (default 60). */
  readonly seconds?: number;
  readonly log?: (line: string) => void;
}

export interface RunLease {
  readonly name: string;
  /** Stops renewing, once a renewal in flight is done; the lease goes with the run's objects. */
  stop(): Promise<void>;
}

export interface LeaseObject {
  readonly metadata: {
    readonly name: string;
    readonly labels?: Readonly<Record<string, string>>;
    readonly creationTimestamp?: string;
    readonly resourceVersion?: string;
  };
  readonly spec?: {
    readonly renewTime?: string;
    readonly acquireTime?: string;
    readonly leaseDurationSeconds?: number;
  };
}

/** Creates the run's lease and renews it on an unref'd timer until stopped. */
export async function acquireRunLease(http: KubeHttp, runId: string, c: RunLeaseConstraints = {}): Promise<RunLease> {
  const seconds = c.seconds ?? defaultLeaseSeconds;
  if (!Number.isInteger(seconds) || seconds < 1)
    throw new Error(`a run lease lasts a whole number of seconds, not ${seconds}`);
  const log = c.log ?? (() => {});
  const name = leaseName(runId);
  const acquireTime = microTime(new Date());
  const manifest = (resourceVersion: string | undefined) => ({
    apiVersion: "coordination.k8s.io/v1",
    kind: "Lease",
    metadata: { name, labels: { [runLabel]: runId }, ...(resourceVersion !== undefined && { resourceVersion }) },
    spec: {
      holderIdentity: `matchconform ${runId} (pid ${process.pid} on ${hostname()})`,
      leaseDurationSeconds: seconds,
      acquireTime,
      renewTime: microTime(new Date()),
    },
  });
  const created = await http.call("POST", leaseCollection, { body: manifest(undefined) });
  if (!ok(created))
    throw new Error(`creating the run lease ${name} failed with HTTP ${created.status}: ${statusMessage(created)}`);
  // Leases take no unconditional update: every renewal names the version it replaces.
  let version = (created.body as LeaseObject).metadata.resourceVersion;
  let stopped = false;
  let renewing: Promise<void> | undefined;

  async function renew(): Promise<void> {
    const r = await http.call("PUT", `${leaseCollection}/${name}`, { body: manifest(version) });
    if (ok(r)) {
      version = (r.body as LeaseObject).metadata.resourceVersion;
      return;
    }
    if (stopped) return;
    if (r.status === 404) {
      log(`the run lease ${name} was gone (another run took this one for dead and may have removed its objects)`);
      const again = await http.call("POST", leaseCollection, { body: manifest(undefined) });
      if (ok(again)) version = (again.body as LeaseObject).metadata.resourceVersion;
      return;
    }
    if (r.status === 409) {
      const current = await http.call("GET", `${leaseCollection}/${name}`);
      if (ok(current)) version = (current.body as LeaseObject).metadata.resourceVersion;
    }
    log(`renewing the run lease ${name} failed with HTTP ${r.status}: ${statusMessage(r)}`);
  }

  const timer = setInterval(
    () => {
      if (stopped || renewing) return;
      renewing = renew()
        .catch((e: Error) => log(`renewing the run lease ${name}: ${e.message}`))
        .finally(() => {
          renewing = undefined;
        });
    },
    (seconds * 1000) / 3,
  );
  timer.unref();
  return {
    name,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await renewing;
    },
  };
}

/** The runs whose lease is still fresh at `now` (ms since the epoch, this machine's clock). */
export async function liveRuns(http: KubeHttp, now: number = Date.now()): Promise<Set<string>> {
  const r = await http.call("GET", leaseCollection, { query: { labelSelector: runLabel } });
  if (!ok(r)) throw new Error(`listing the run leases failed with HTTP ${r.status}: ${statusMessage(r)}`);
  const live = new Set<string>();
  for (const lease of (r.body as { items?: LeaseObject[] }).items ?? []) {
    const run = lease.metadata.labels?.[runLabel];
    if (run !== undefined && now <= expiresAt(lease)) live.add(run);
  }
  return live;
}

/** When the lease expires, skew allowance included; a lease without a usable time has expired. */
export function expiresAt(lease: LeaseObject): number {
  const s = lease.spec ?? {};
  const renewed = Date.parse(s.renewTime ?? s.acquireTime ?? lease.metadata.creationTimestamp ?? "");
  if (Number.isNaN(renewed)) return Number.NEGATIVE_INFINITY;
  return renewed + (s.leaseDurationSeconds ?? defaultLeaseSeconds) * 1000 + clockSkewAllowanceMs;
}
