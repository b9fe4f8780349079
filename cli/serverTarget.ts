// Which kube-apiserver `verify` and `bundles check` ask: the local control plane (started when none
// runs), or a kubeconfig context that is the local one, a kind-* one or the one --allow-cluster names.
import { readFileSync } from "node:fs";
import type { RequestOptions } from "node:https";
import { leftovers } from "../oracles/apiserver/apiserverMatcher.ts";
import { buildControlPlane } from "../oracles/apiserver/buildControlPlane.ts";
import type { Connection } from "../oracles/apiserver/controlPlane/kubeHttp.ts";
import { KubeHttp } from "../oracles/apiserver/controlPlane/kubeHttp.ts";
import { current, up } from "../oracles/apiserver/controlPlane/localControlPlane.ts";
import type { Minor } from "../oracles/contract/versions.ts";
import { isMinor, supportedMinors } from "../oracles/contract/versions.ts";
import { UsageError } from "./usageError.ts";

const localContext = "matchconform-local";

export async function leftBehind(c: Connection, runId: string): Promise<readonly string[]> {
  const http = new KubeHttp(c);
  try {
    return await leftovers(http, runId);
  } catch {
    return ["(could not list)"];
  } finally {
    http.close();
  }
}

/** The minor the server says it is, when --kubernetes-version leaves it to the server. */
export async function servedMinor(connection: Connection): Promise<Minor> {
  const http = new KubeHttp(connection);
  try {
    const r = await http.call("GET", "/version");
    const git = (r.body as { gitVersion?: string } | undefined)?.gitVersion ?? "";
    const m = /^v1\.(\d+)\./.exec(git);
    const minor = m ? `1.${m[1]}` : "";
    if (!isMinor(minor))
      throw new UsageError(
        `the server is ${git || `unreadable (GET /version: HTTP ${r.status})`}, not one of ${supportedMinors.join(", ")}; give --kubernetes-version`,
      );
    return minor;
  } finally {
    http.close();
  }
}

export interface Target {
  readonly connection: Connection;
  readonly minor?: Minor;
  /** The local control plane, started by this command (it stays up for the next, unless interrupted while starting). */
  readonly startedHere?: boolean;
  /** The local control plane's kube-apiserver and etcd, whose CPU time a run can read. */
  readonly pids?: readonly number[];
}

/**
 * The running local control plane, or a new one of the minor; aborted, a new one's start stops what
 * it started. A minor that was not asked for (the latest, by default) gives way to the running one's,
 * so that `cluster up --kubernetes-version 1.34` is followed by a plain `verify --apiserver --local`.
 */
export async function localTarget(
  minor: Minor,
  err: (line: string) => void,
  signal?: AbortSignal,
  asked = true,
): Promise<Target> {
  let cp = current();
  if (cp && cp.minor !== minor && asked)
    throw new UsageError(
      `the local control plane runs ${cp.minor}, not ${minor}; run "cluster down" first, or leave out --kubernetes-version`,
    );
  const startedHere = !cp;
  if (!cp) {
    const bin = await buildControlPlane(minor, err, signal);
    cp = await up({ binDir: bin, minor, log: err, ...(signal && { signal }) });
  }
  return {
    connection: { server: cp.server, token: cp.token, ca: readFileSync(cp.caFile) },
    minor: cp.minor,
    startedHere,
    pids: [cp.pids.apiserver, cp.pids.etcd],
  };
}

/**
 * A kubeconfig context, read by client-node (paths relative to the file, *-data fields, tokens,
 * exec and auth-provider plugins, whose credential is taken once, at the start): only the local
 * control plane, a kind-* context or the one named by --allow-cluster.
 */
export async function kubeconfigTarget(
  file: string,
  context: string | undefined,
  allow: string | undefined,
): Promise<Target> {
  // Loading client-node takes about a second: only verify --kubeconfig pays for it.
  const { KubeConfig } = await import("@kubernetes/client-node");
  const kc = new KubeConfig();
  try {
    kc.loadFromFile(file);
  } catch (e) {
    throw new UsageError(`cannot read the kubeconfig ${file}: ${(e as Error).message}`);
  }
  const name = context ?? kc.getCurrentContext();
  if (!name) throw new UsageError(`the kubeconfig ${file} has no current-context: name one with --context <name>`);
  if (!allowedContext(name, allow))
    throw new UsageError(
      `refusing context "${name}": verify only talks to the local control plane, a kind-* context, or the one named by --allow-cluster <name>`,
    );
  const ctx = kc.getContextObject(name);
  if (!ctx) throw new UsageError(`the kubeconfig ${file} has no context "${name}"`);
  const cluster = kc.getCluster(ctx.cluster);
  if (!cluster) throw new UsageError(`context "${name}" names the cluster "${ctx.cluster}", which ${file} lacks`);
  const user = ctx.user === undefined ? null : kc.getUser(ctx.user);
  if (ctx.user !== undefined && !user)
    throw new UsageError(`context "${name}" names the user "${ctx.user}", which ${file} lacks`);
  const unsupported = [
    [user?.username, "basic authentication (username and password), which kube-apiserver no longer accepts"],
    [user?.impersonateUser, "impersonation (as:): the oracle impersonates users of its own"],
    [cluster.proxyUrl, "a proxy-url"],
    [cluster.tlsServerName, "a tls-server-name"],
  ] as const;
  const what = unsupported.find(([given]) => given)?.[1];
  if (what) throw new UsageError(`context "${name}" uses ${what}; verify cannot use it`);
  kc.setCurrentContext(name);
  const tls: RequestOptions = {};
  try {
    await kc.applyToHTTPSOptions(tls);
  } catch (e) {
    throw new UsageError(`context "${name}": the credentials could not be obtained: ${(e as Error).message}`);
  }
  const headers = tls.headers as Record<string, unknown> | undefined;
  const authorization = headers?.Authorization;
  // A token-file's token keeps its newline in client-node.
  const token = typeof authorization === "string" ? /^Bearer (\S+)$/.exec(authorization.trim())?.[1] : undefined;
  if (authorization !== undefined && token === undefined)
    throw new UsageError(`context "${name}": its plugin gives an Authorization header other than a bearer token`);
  const pem = (x: unknown) => (typeof x === "string" || Buffer.isBuffer(x) ? x : undefined);
  const [ca, cert, key] = [pem(tls.ca), pem(tls.cert), pem(tls.key)];
  return {
    connection: {
      server: cluster.server,
      ...(token !== undefined && { token }),
      ...(ca !== undefined && { ca }),
      ...(cert !== undefined && { cert }),
      ...(key !== undefined && { key }),
      ...(tls.rejectUnauthorized === false && { rejectUnauthorized: false }),
    },
  };
}

export function allowedContext(name: string, allow: string | undefined): boolean {
  return name === localContext || name.startsWith("kind-") || (allow !== undefined && name === allow);
}
