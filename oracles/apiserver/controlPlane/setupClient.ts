// The typed clients of @kubernetes/client-node that set a batch up: namespaces, their default
// ServiceAccounts and CRDs. Probes stay raw HTTPS (kubeHttp.ts), which reads every Warning header.
import type { Connection, RequestTally } from "./kubeHttp.ts";

type Obj = Record<string, unknown>;

export interface SetupClient {
  createNamespace(body: Obj): Promise<void>;
  createServiceAccount(namespace: string, name: string): Promise<void>;
}

/**
 * The connection as a client-node KubeConfig (loaded only here: the library takes a second to
 * import); each create counted as a write in `tally`.
 */
export async function setupClient(c: Connection, tally?: RequestTally): Promise<SetupClient> {
  const k8s = await import("@kubernetes/client-node");
  const kc = new k8s.KubeConfig();
  const b64 = (x: string | Buffer | undefined) => (x === undefined ? undefined : Buffer.from(x).toString("base64"));
  kc.loadFromOptions({
    clusters: [
      {
        name: "matchconform",
        server: c.server,
        ...(c.ca !== undefined && { caData: b64(c.ca) }),
        ...(c.rejectUnauthorized === false && { skipTLSVerify: true }),
      },
    ],
    users: [
      {
        name: "matchconform",
        ...(c.token !== undefined && { token: c.token }),
        ...(c.cert !== undefined && { certData: b64(c.cert) }),
        ...(c.key !== undefined && { keyData: b64(c.key) }),
      },
    ],
    contexts: [{ name: "matchconform", cluster: "matchconform", user: "matchconform" }],
    currentContext: "matchconform",
  });
  const core = kc.makeApiClient(k8s.CoreV1Api);
  const named = async (what: string, call: () => Promise<unknown>) => {
    if (tally !== undefined) tally.writes++;
    try {
      await call();
    } catch (e) {
      const x = e as { code?: number; body?: unknown; message?: string };
      let message = x.message ?? String(e);
      try {
        const parsed = (typeof x.body === "string" ? JSON.parse(x.body) : x.body) as { message?: string } | undefined;
        if (typeof parsed?.message === "string") message = parsed.message;
      } catch {}
      throw new Error(`creating ${what} failed with HTTP ${x.code ?? "?"}: ${message}`);
    }
  };
  return {
    createNamespace: (body) =>
      named(`namespace ${(body.metadata as { name?: string }).name}`, () =>
        core.createNamespace({ body: body as never }),
      ),
    createServiceAccount: (namespace, name) =>
      named(`serviceaccount ${namespace}/${name}`, () =>
        core.createNamespacedServiceAccount({
          namespace,
          body: { apiVersion: "v1", kind: "ServiceAccount", metadata: { name } },
        }),
      ),
  };
}
