// What a query's request needs in the cluster before it is sent: the case's namespaces (with a
// default ServiceAccount where pods need one), its params, and the stored object an UPDATE,
// DELETE or subresource request acts on.

import type { AdmissionRequest } from "../../contract/kube.ts";
import type { KubeHttp } from "../controlPlane/kubeHttp.ts";
import { ok, statusMessage } from "../controlPlane/kubeHttp.ts";
import { pool } from "../controlPlane/pool.ts";
import type { SetupClient } from "../controlPlane/setupClient.ts";
import { batchLabel, runLabel } from "../probe/names.ts";
import type { Work } from "../work.ts";
import { skipped } from "../work.ts";
import { bodyOf, withoutNameLabel } from "./body.ts";
import { labelled } from "./labelled.ts";
import type { Realisable } from "./realisation.ts";
import { isNamespaceResource } from "./rename.ts";
import { restPath } from "./resources.ts";

export interface SetUpContext {
  readonly http: KubeHttp;
  readonly setup: SetupClient;
  readonly runId: string;
  /** The run's shared namespaces (and their ServiceAccounts), each created once: by name. */
  readonly shared: Map<string, Promise<void>>;
  /** The batch's own namespaces (and ServiceAccounts), each created once, which a family's queries share (batch/families.ts). */
  readonly batchNamespaces?: Map<string, Promise<void>>;
}

/** Sets up w's request; `made` collects the cluster-scoped objects to delete after the batch. */
export async function setUp(c: SetUpContext, w: Work, made: Array<{ path: string }>): Promise<void> {
  await createNamespaces(c, w, made);
  // The params, in the query's own namespaces: removed with them.
  for (const p of w.params?.objects ?? []) {
    const r = await c.http.call("POST", p.path, { body: p.body });
    if (!ok(r)) {
      w.state = "done";
      w.answer = skipped(`creating the param ${p.path} failed with HTTP ${r.status}: ${statusMessage(r)}`);
      return;
    }
  }
  await storeOld(c, w, made);
}

async function createNamespaces(c: SetUpContext, w: Work, made: Array<{ path: string }>): Promise<void> {
  const q = w.query;
  const req = q.request;
  const isNs = isNamespaceResource(req);
  const read = namespacesRead(w);
  await pool([...Object.entries(q.cluster.namespaces ?? {})], 8, async ([name, l]) => {
    if (isNs && name === req.namespace) return; // the namespace under request is the request's own object
    if (!read.has(name)) return;
    const sa = w.r.needsServiceAccount === true && name === req.namespace;
    if (w.sharedNamespaces) {
      // Labelled with the run only: no batch's clean-up removes them, the run's close does.
      await once(c.shared, name, () => c.setup.createNamespace(namespaceBody(name, l, { [runLabel]: c.runId })));
      if (sa) await once(c.shared, `${name}/default`, () => c.setup.createServiceAccount(name, "default"));
      return;
    }
    const batchOnce = (key: string, make: () => Promise<void>) =>
      c.batchNamespaces === undefined ? make() : once(c.batchNamespaces, key, make);
    await batchOnce(name, async () => {
      await c.setup.createNamespace(
        namespaceBody(name, l, { [runLabel]: c.runId, [batchLabel]: `${c.runId}-${w.names.batch}` }),
      );
      made.push({ path: `/api/v1/namespaces/${name}` });
    });
    if (sa) await batchOnce(`${name}/default`, () => c.setup.createServiceAccount(name, "default"));
  });
}

/**
 * The namespaces the server looks at for w: the request's (NamespaceLifecycle, the selectors'
 * lookup, namespaceObject, the stored object) and those its params live in. The case's other
 * namespaces are never read, so they are not created: a namespace is two writes, its creation and
 * its deletion, and they were most of a run's.
 */
export function namespacesRead(w: Pick<Work, "query" | "params">): Set<string> {
  const read = new Set<string>();
  const ns = w.query.request.namespace;
  if (ns !== undefined && ns !== "") read.add(ns);
  for (const p of w.params?.objects ?? []) {
    const at = /\/namespaces\/([^/]+)\//.exec(p.path)?.[1];
    if (at !== undefined) read.add(at);
  }
  return read;
}

function namespaceBody(name: string, l: Readonly<Record<string, string>>, marks: Record<string, string>) {
  return { apiVersion: "v1", kind: "Namespace", metadata: { name, labels: { ...withoutNameLabel(l), ...marks } } };
}

/** The cached promise of `make`, made at most once per key; a failure is forgotten, so that a later query tries again. */
function once(cache: Map<string, Promise<void>>, key: string, make: () => Promise<void>): Promise<void> {
  let p = cache.get(key);
  if (p === undefined) {
    p = make();
    cache.set(key, p);
    p.catch(() => cache.delete(key));
  }
  return p;
}

/** The request acts on a stored object: an UPDATE, a DELETE, or a subresource with a parent. */
export function storesObject(req: AdmissionRequest, r: Realisable): boolean {
  const sub = r.sub;
  return (
    sub?.parent === "minimal" ||
    sub?.parent === "old" ||
    (sub === undefined && (req.operation === "UPDATE" || req.operation === "DELETE"))
  );
}

/** Stores the object the request acts on, where it needs one. */
async function storeOld(c: SetUpContext, w: Work, made: Array<{ path: string }>): Promise<void> {
  const req = w.query.request;
  const sub = w.r.sub;
  if (!storesObject(req, w.r)) return;
  const old =
    sub?.parent === "minimal"
      ? bodyOf(req, { metadata: { name: req.name } }, w.r)
      : labelled(bodyOf(req, req.oldObject, w.r), w);
  if (isNamespaceResource(req)) {
    const md = old.metadata as Record<string, unknown>;
    md.labels = { ...(md.labels as object), [runLabel]: c.runId, [batchLabel]: `${c.runId}-${w.names.batch}` };
  }
  const r = await c.http.call("POST", restPath(req.resource, w.r.namespaced, req.namespace ?? ""), { body: old });
  if (!ok(r)) {
    w.state = "done";
    w.answer = skipped(`storing the object for ${req.operation} failed with HTTP ${r.status}: ${statusMessage(r)}`);
    return;
  }
  if (!w.r.namespaced) made.push({ path: restPath(req.resource, false, "", req.name) });
  w.stored = r.body as Record<string, unknown>;
}
