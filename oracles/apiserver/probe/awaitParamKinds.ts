// Before a batch's params probes exist: wait until the admission plugin resolves each custom
// param kind (paramSentinel.ts kindCheck says why it may not yet). Once a kind is resolved it stays
// so for the run: the RESTMapper that learnt its CRD from discovery keeps it (a reset only makes it
// ask discovery again, which still serves the CRD, created once per run: ensureCrd.ts), so that
// only a batch with a kind no batch before it resolved waits; the wait was 3.5-5.3 s a batch. A
// query's own kind is not checked here: its slot was resolved when made (controlPlane/paramSlots.ts).
import type { ParamKind } from "../../contract/kube.ts";
import type { KubeHttp } from "../controlPlane/kubeHttp.ts";
import { must, ok, statusMessage } from "../controlPlane/kubeHttp.ts";
import { sleep } from "../controlPlane/sleep.ts";
import type { ProbeNames } from "./names.ts";
import { admissionPath } from "./names.ts";
import { kindCheck, kindCheckLabels } from "./paramSentinel.ts";

/** Per run: resolves the kinds given, each checked once (concurrent batches share the check; a failed one is tried again). */
export function paramKindResolver(
  http: KubeHttp,
  runId: string,
  timeoutMs: number,
): (batch: string, kinds: readonly ParamKind[]) => Promise<void> {
  const resolved = new Map<string, Promise<void>>();
  return (batch, kinds) => {
    const key = (k: ParamKind) => `${k.apiVersion} ${k.kind}`;
    const fresh = kinds.filter((k) => !resolved.has(key(k)));
    if (fresh.length > 0) {
      const check = awaitParamKinds(http, { runId, batch }, fresh, timeoutMs);
      for (const k of fresh) resolved.set(key(k), check);
      check.catch(() => {
        for (const k of fresh) if (resolved.get(key(k)) === check) resolved.delete(key(k));
      });
    }
    return Promise.all(kinds.map((k) => resolved.get(key(k)))).then(() => undefined);
  };
}

export async function awaitParamKinds(
  http: KubeHttp,
  p: Omit<ProbeNames, "id">,
  kinds: readonly ParamKind[],
  timeoutMs: number,
): Promise<void> {
  const user = `mc:${p.runId}:kinds-${p.batch}`;
  const c = kindCheck(p, user, kinds);
  for (const body of c.policies)
    must(await http.call("POST", `${admissionPath}/validatingadmissionpolicies`, { body }), "a param kind check");
  for (const body of c.bindings)
    must(await http.call("POST", `${admissionPath}/validatingadmissionpolicybindings`, { body }), "a param kind check");
  const deadline = Date.now() + timeoutMs;
  let last = "";
  while (Date.now() < deadline) {
    const r = await http.call("POST", "/api/v1/namespaces/default/configmaps", {
      query: { dryRun: "All" },
      impersonate: user,
      body: { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "mc-kinds", labels: kindCheckLabels(p) } },
    });
    if (ok(r) && r.warnings.some((w) => w.includes(c.marker))) return;
    last = ok(r) ? "the check not in effect yet" : statusMessage(r);
    await sleep(100);
  }
  throw new Error(`the param kinds of batch ${p.batch} were not resolved in time: ${last}`);
}
