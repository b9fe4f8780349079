// Removing what a run created: a batch's objects when it ends, and the leftovers of runs that
// ended without cleaning up (a crash, SIGKILL), found by their run label.
import type { KubeHttp } from "./kubeHttp.ts";
import { pool } from "./pool.ts";
import { admissionPath, probeResources, runLabel } from "./probePolicies.ts";

export async function cleanUp(http: KubeHttp, selector: string, clusterObjects: readonly string[]): Promise<void> {
  await Promise.all(
    probeResources.map((what) =>
      http.call("DELETE", `${admissionPath}/${what}`, { query: { labelSelector: selector } }),
    ),
  );
  const listed = await http.call("GET", "/api/v1/namespaces", { query: { labelSelector: selector } });
  const byLabel = (
    (listed.body as { items?: Array<{ metadata: { name: string; deletionTimestamp?: string } }> })?.items ?? []
  )
    .filter((n) => !n.metadata.deletionTimestamp)
    .map((n) => `/api/v1/namespaces/${n.metadata.name}`);
  await pool([...new Set([...clusterObjects, ...byLabel])], 16, async (p) => {
    await http.call("DELETE", p);
  });
}

/** Removes every object of this run (or, without runId, of any matchconform run). */
export async function removeLeftovers(
  http: KubeHttp,
  runId: string | undefined,
  log: (l: string) => void,
): Promise<number> {
  const selector = runId === undefined ? runLabel : `${runLabel}=${runId}`;
  let removed = 0;
  for (const what of probeResources) {
    const list = await http.call("GET", `${admissionPath}/${what}`, { query: { labelSelector: selector } });
    const n = ((list.body as { items?: unknown[] })?.items ?? []).length;
    if (n > 0) {
      await http.call("DELETE", `${admissionPath}/${what}`, { query: { labelSelector: selector } });
      removed += n;
    }
  }
  const nss = await http.call("GET", "/api/v1/namespaces", { query: { labelSelector: selector } });
  const live = (
    (nss.body as { items?: Array<{ metadata: { name: string; deletionTimestamp?: string } }> })?.items ?? []
  ).filter((n) => !n.metadata.deletionTimestamp);
  await pool(live, 16, async (n) => {
    await http.call("DELETE", `/api/v1/namespaces/${n.metadata.name}`);
  });
  removed += live.length;
  if (removed > 0) log(`removed ${removed} leftover object${removed === 1 ? "" : "s"} labelled ${selector}`);
  return removed;
}

/** What of the run is still there (namespaces still Terminating do not count). */
export async function leftovers(http: KubeHttp, runId: string): Promise<string[]> {
  const selector = `${runLabel}=${runId}`;
  const out: string[] = [];
  for (const what of [...probeResources, "namespaces"]) {
    const path = what === "namespaces" ? "/api/v1/namespaces" : `${admissionPath}/${what}`;
    const list = await http.call("GET", path, { query: { labelSelector: selector } });
    for (const i of (list.body as { items?: Array<{ metadata: { name: string; deletionTimestamp?: string } }> })
      ?.items ?? [])
      if (!i.metadata.deletionTimestamp) out.push(`${what}/${i.metadata.name}`);
  }
  return out;
}
