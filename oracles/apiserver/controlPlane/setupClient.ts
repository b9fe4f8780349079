// What sets a batch up besides its probes: namespaces and their default ServiceAccounts, sent
// through the run's KubeHttp, whose one keep-alive agent reuses its connections. (They went
// through @kubernetes/client-node, whose 1.4.0 builds a new https.Agent without keep-alive for
// every call, config.js applySecurityAuthentication -> createAgent: a fresh TCP connection and TLS
// handshake on both sides for each namespace and ServiceAccount.)
import type { KubeHttp } from "./kubeHttp.ts";
import { ok, statusMessage } from "./kubeHttp.ts";

type Obj = Record<string, unknown>;

export interface SetupClient {
  createNamespace(body: Obj): Promise<void>;
  createServiceAccount(namespace: string, name: string): Promise<void>;
}

/** The set-up calls over `http` (each create counted as a write in its tally). */
export function setupClient(http: KubeHttp): SetupClient {
  const create = async (what: string, path: string, body: Obj) => {
    const r = await http.call("POST", path, { body });
    if (!ok(r)) throw new Error(`creating ${what} failed with HTTP ${r.status}: ${statusMessage(r)}`);
  };
  return {
    createNamespace: (body) =>
      create(`namespace ${(body.metadata as { name?: string }).name}`, "/api/v1/namespaces", body),
    createServiceAccount: (namespace, name) =>
      create(
        `serviceaccount ${namespace}/${name}`,
        `/api/v1/namespaces/${encodeURIComponent(namespace)}/serviceaccounts`,
        { apiVersion: "v1", kind: "ServiceAccount", metadata: { name } },
      ),
  };
}
