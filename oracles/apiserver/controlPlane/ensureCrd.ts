// The CustomResourceDefinitions a run realises custom resources as: each created once per run,
// shared by every batch that needs it, and waited for until its resource is served.

import { runLabel } from "../probe/names.ts";
import type { CustomResource } from "../request/customResources.ts";
import { crdCollection, crdManifest, crdName } from "../request/customResources.ts";
import type { KubeHttp } from "./kubeHttp.ts";
import { ok, statusMessage } from "./kubeHttp.ts";
import { sleep } from "./sleep.ts";

/** A function that creates a CRD once per run and waits until it is established and its resource served. */
export function crdEnsurer(http: KubeHttp, runId: string): (c: CustomResource) => Promise<void> {
  const crds = new Map<string, Promise<void>>();
  return (c) => {
    const name = crdName(c);
    let p = crds.get(name);
    if (p === undefined) {
      p = createServed(http, runId, c);
      crds.set(name, p);
    }
    return p;
  };
}

async function createServed(http: KubeHttp, runId: string, c: CustomResource): Promise<void> {
  // Sent as JSON, not through client-node's typed model, whose serializer drops the schema's
  // x-kubernetes-preserve-unknown-fields: the objects would be pruned to their metadata.
  const made = await http.call("POST", crdCollection, { body: crdManifest(c, { [runLabel]: runId }) });
  if (!ok(made))
    throw new Error(`creating the CustomResourceDefinition failed with HTTP ${made.status}: ${statusMessage(made)}`);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const r = await http.call("GET", `/apis/${c.realGroup}/${c.versions[0]}/${c.plural}`);
    if (ok(r)) return;
    if (Date.now() > deadline) throw new Error(`not served within 30 s: HTTP ${r.status} ${statusMessage(r)}`);
    await sleep(100);
  }
}
