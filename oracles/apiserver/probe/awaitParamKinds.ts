// Before a batch's params probes exist: wait until the admission plugin resolves each custom
// param kind (paramSentinel.ts kindCheck says why it may not yet).
import type { ParamKind } from "../../contract/kube.ts";
import type { KubeHttp } from "../controlPlane/kubeHttp.ts";
import { must, ok, statusMessage } from "../controlPlane/kubeHttp.ts";
import { sleep } from "../controlPlane/sleep.ts";
import type { ProbeNames } from "./names.ts";
import { admissionPath } from "./names.ts";
import { kindCheck, kindCheckLabels } from "./paramSentinel.ts";

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
