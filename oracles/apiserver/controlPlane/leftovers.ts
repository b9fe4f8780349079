// Removing what a run created: a batch's objects when it ends, a run's own when it closes, and the
// leftovers of runs that ended without cleaning up (a crash, SIGKILL). Everything a run creates
// carries its run label; a run counts as ended once its lease (runLease.ts) is missing or expired.

import type { MutatingPolicyVersion } from "../probe/names.ts";
import {
  admissionCollection,
  isMutatingPolicyResource,
  mutatingPolicyVersions,
  probeResources,
  runLabel,
} from "../probe/names.ts";
import { crdCollection } from "../request/customResources.ts";
import type { KubeHttp, Reply } from "./kubeHttp.ts";
import { ok, statusMessage } from "./kubeHttp.ts";
import { pool } from "./pool.ts";
import { rbacPath } from "./rbacGrant.ts";
import { leaseCollection, liveRuns } from "./runLease.ts";

export async function cleanUp(
  http: KubeHttp,
  selector: string,
  clusterObjects: readonly string[],
  mutating: MutatingPolicyVersion,
): Promise<void> {
  await Promise.all([
    ...probeResources.map((what) =>
      http.call("DELETE", admissionCollection(what, mutating), { query: { labelSelector: selector } }),
    ),
    http.call("DELETE", `${rbacPath}/clusterrolebindings`, { query: { labelSelector: selector } }),
  ]);
  const byLabel = (await list(http, "/api/v1/namespaces", selector)).map(
    (n) => `/api/v1/namespaces/${n.metadata.name}`,
  );
  await pool([...new Set([...clusterObjects, ...byLabel])], 16, async (p) => {
    await http.call("DELETE", p);
  });
}

interface Listed {
  readonly metadata: {
    readonly name: string;
    readonly deletionTimestamp?: string;
    readonly labels?: Readonly<Record<string, string>>;
  };
}

/**
 * Where a run's labelled objects live, in the order they are removed: bindings first, the lease last.
 * Mutating policies at every version they may be served at (a version not served lists nothing), so
 * that a run at a minor before their GA leaves none behind.
 */
const collections: ReadonlyArray<{ readonly what: string; readonly path: string }> = [
  ...probeResources.flatMap((what) =>
    (isMutatingPolicyResource(what) ? mutatingPolicyVersions : (["v1"] as const)).map((v) => ({
      what,
      path: admissionCollection(what, v),
    })),
  ),
  { what: "clusterrolebindings", path: `${rbacPath}/clusterrolebindings` },
  { what: "clusterroles", path: `${rbacPath}/clusterroles` },
  { what: "customresourcedefinitions", path: crdCollection },
  { what: "namespaces", path: "/api/v1/namespaces" },
  { what: "leases", path: leaseCollection },
];

/** The objects the selector picks (namespaces still Terminating do not count). */
async function list(http: KubeHttp, path: string, selector: string): Promise<Listed[]> {
  const r = await http.call("GET", path, { query: { labelSelector: selector } });
  if (r.status === 404) return []; // not served here (mutating policies before 1.36 at v1)
  if (!ok(r)) throw new Error(`listing ${path} (${selector}) failed with HTTP ${r.status}: ${statusMessage(r)}`);
  return ((r.body as { items?: Listed[] }).items ?? []).filter((i) => !i.metadata.deletionTimestamp);
}

/** Removes what the selector picks, collection by collection; how many of each there were. */
async function removeSelected(
  http: KubeHttp,
  selector: string,
  log: (l: string) => void,
): Promise<Map<string, number>> {
  const removed = new Map<string, number>();
  const check = (r: Reply, what: string) => {
    if (!ok(r) && r.status !== 404)
      log(`removing ${what} (${selector}) failed with HTTP ${r.status}: ${statusMessage(r)}`);
  };
  for (const c of collections) {
    const items = await list(http, c.path, selector);
    if (items.length === 0) continue;
    if (c.what === "namespaces")
      // Namespaces take no deletecollection.
      await pool(items, 16, async (n) => check(await http.call("DELETE", `${c.path}/${n.metadata.name}`), c.what));
    else check(await http.call("DELETE", c.path, { query: { labelSelector: selector } }), c.what);
    removed.set(c.what, items.length);
  }
  return removed;
}

const total = (m: ReadonlyMap<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
const describe = (m: ReadonlyMap<string, number>) => [...m].map(([what, n]) => `${n} ${what}`).join(", ");

/** Removes every object of this run, its lease last; how many there were. */
export async function removeLeftovers(http: KubeHttp, runId: string, log: (l: string) => void): Promise<number> {
  const selector = `${runLabel}=${runId}`;
  const removed = await removeSelected(http, selector, log);
  // The lease is always there until the run closes: only the rest is worth a line.
  if (total(removed) > (removed.get("leases") ?? 0)) log(`removed ${describe(removed)} labelled ${selector}`);
  return total(removed);
}

export interface Abandoned {
  /** The runs whose objects were removed: their lease was missing or expired. */
  readonly ended: readonly string[];
  /** The runs left alone: their lease is fresh. */
  readonly live: readonly string[];
  /** Objects removed, leases included. */
  readonly removed: number;
}

/** Removes the objects of every other run whose lease is missing or expired; runs with a fresh lease keep theirs. */
export async function removeAbandoned(http: KubeHttp, ownRun: string, log: (l: string) => void): Promise<Abandoned> {
  // Objects first, leases after: a run creates its lease before anything else, so a run whose
  // objects are listed here either has its lease in the later listing or never had one.
  const seen = new Set<string>();
  for (const c of collections)
    for (const i of await list(http, c.path, runLabel)) {
      const run = i.metadata.labels?.[runLabel];
      if (run !== undefined && run !== ownRun) seen.add(run);
    }
  const fresh = await liveRuns(http);
  const ended = [...seen].filter((r) => !fresh.has(r)).sort();
  const live = [...seen].filter((r) => fresh.has(r)).sort();
  const removed = new Map<string, number>();
  for (let i = 0; i < ended.length; i += 20) {
    const selector = `${runLabel} in (${ended.slice(i, i + 20).join(",")})`;
    for (const [what, n] of await removeSelected(http, selector, log)) removed.set(what, (removed.get(what) ?? 0) + n);
  }
  if (ended.length > 0)
    log(`removed ${describe(removed)} left by ended runs ${ended.join(", ")} (their lease is missing or expired)`);
  if (live.length > 0) log(`left alone the objects of runs ${live.join(", ")}, whose lease is fresh`);
  return { ended, live, removed: total(removed) };
}

/** What of the run is still there (namespaces still Terminating do not count). */
export async function leftovers(http: KubeHttp, runId: string): Promise<string[]> {
  const out: string[] = [];
  for (const c of collections)
    for (const i of await list(http, c.path, `${runLabel}=${runId}`)) out.push(`${c.what}/${i.metadata.name}`);
  // A mutating policy served at two versions is listed at both.
  return [...new Set(out)];
}
