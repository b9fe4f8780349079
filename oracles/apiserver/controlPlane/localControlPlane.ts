// A local control plane for the suite: etcd and kube-apiserver on loopback, with a generated
// service-account key pair, a static token for the suite, kube-apiserver's self-signed serving
// certificate, and a kubeconfig in the state directory. `down` stops both and removes the data.
import { spawn } from "node:child_process";
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:https";
import type { AddressInfo, Server } from "node:net";
import { createServer } from "node:net";
import { homedir } from "node:os";
import { join } from "node:path";
import type { Minor } from "../../contract/versions.ts";
import { atLeast, minorNumber } from "../../contract/versions.ts";

export interface ControlPlane {
  readonly minor: Minor;
  readonly server: string;
  readonly kubeconfig: string;
  readonly token: string;
  readonly caFile: string;
  readonly stateDir: string;
  readonly pids: { readonly etcd: number; readonly apiserver: number };
}

export const defaultStateDir = () =>
  process.env.MATCHCONFORM_CLUSTER_DIR ??
  join(process.env.XDG_STATE_HOME ?? join(homedir(), ".local", "state"), "matchconform", "local-cluster");

const stateFile = (dir: string) => join(dir, "control-plane.json");

/**
 * `n` distinct free ports on loopback. Every listener is held until all are chosen: closed one by
 * one, the kernel may hand the same port out again (etcd and kube-apiserver were once both given
 * 33679, and kube-apiserver exited on the taken port).
 */
export async function freePorts(n: number): Promise<number[]> {
  const servers: Server[] = [];
  try {
    for (let i = 0; i < n; i++) {
      const s = createServer();
      servers.push(s);
      await new Promise<void>((resolve, reject) => {
        s.once("error", reject);
        s.listen(0, "127.0.0.1", () => resolve());
      });
    }
    return servers.map((s) => (s.address() as AddressInfo).port);
  } finally {
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  }
}

function daemon(binary: string, args: readonly string[], log: string): number {
  const fd = openSync(log, "a");
  const p = spawn(binary, args, { detached: true, stdio: ["ignore", fd, fd] });
  p.unref();
  if (p.pid === undefined) throw new Error(`${binary} did not start`);
  return p.pid;
}

/** The feature gates and runtime config that switch MutatingAdmissionPolicy on before it is GA. */
function mutatingPolicyFlags(minor: Minor): string[] {
  if (atLeast(minor, 36)) return [];
  const version = atLeast(minor, 34) ? "v1beta1" : "v1alpha1";
  return minorNumber(minor) >= 32
    ? ["--feature-gates=MutatingAdmissionPolicy=true", `--runtime-config=admissionregistration.k8s.io/${version}=true`]
    : [];
}

export interface UpOptions {
  readonly binDir: string;
  readonly minor: Minor;
  readonly stateDir?: string;
  readonly log?: (line: string) => void;
  readonly readyTimeoutMs?: number;
  /** Aborted (the command is interrupted): the start-up ends, and what it started is stopped and removed. */
  readonly signal?: AbortSignal;
}

/**
 * Starts etcd and kube-apiserver on loopback. A port another process takes between its choice and
 * the bind makes etcd or kube-apiserver exit with "address already in use": the start is tried
 * again on other ports, three times at most; any other failure keeps its logs and is thrown.
 */
export async function up(o: UpOptions): Promise<ControlPlane> {
  const dir = o.stateDir ?? defaultStateDir();
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(o);
    } catch (e) {
      if (o.signal?.aborted || attempt >= 3 || !portTaken(dir)) throw e;
      o.log?.("a port was taken before etcd or kube-apiserver could bind it; starting again on other ports");
      await down(dir);
    }
  }
}

function portTaken(dir: string): boolean {
  return ["etcd.log", "kube-apiserver.log"].some((f) => {
    try {
      return /address already in use/.test(readFileSync(join(dir, f), "utf8"));
    } catch {
      return false;
    }
  });
}

async function startOnce(o: UpOptions): Promise<ControlPlane> {
  const dir = o.stateDir ?? defaultStateDir();
  const log = o.log ?? (() => {});
  if (existsSync(stateFile(dir))) await down(dir, log); // a second `up` reuses nothing stale
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, "pki"), { recursive: true });

  const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  writeFileSync(join(dir, "sa.pub"), publicKey.export({ type: "spki", format: "pem" }));
  writeFileSync(join(dir, "sa.key"), privateKey.export({ type: "pkcs8", format: "pem" }), { mode: 0o600 });
  const token = randomBytes(24).toString("hex");
  writeFileSync(join(dir, "tokens.csv"), `${token},matchconform,matchconform-uid,"system:masters"\n`, { mode: 0o600 });

  const [etcdPort, peerPort, apiPort] = (await freePorts(3)) as [number, number, number];
  // Nothing is started once the command is interrupted; from here to the state file nothing awaits.
  o.signal?.throwIfAborted();
  log(`starting etcd on 127.0.0.1:${etcdPort}`);
  const etcd = daemon(
    join(o.binDir, "etcd"),
    [
      `--data-dir=${join(dir, "etcd")}`,
      `--listen-client-urls=http://127.0.0.1:${etcdPort}`,
      `--advertise-client-urls=http://127.0.0.1:${etcdPort}`,
      `--listen-peer-urls=http://127.0.0.1:${peerPort}`,
      `--initial-advertise-peer-urls=http://127.0.0.1:${peerPort}`,
      `--initial-cluster=default=http://127.0.0.1:${peerPort}`,
      "--unsafe-no-fsync=true",
      "--quota-backend-bytes=2147483648",
    ],
    join(dir, "etcd.log"),
  );
  const server = `https://127.0.0.1:${apiPort}`;
  log(`starting kube-apiserver on ${server}`);
  const apiserver = daemon(
    join(o.binDir, "kube-apiserver"),
    [
      `--etcd-servers=http://127.0.0.1:${etcdPort}`,
      "--bind-address=127.0.0.1",
      `--secure-port=${apiPort}`,
      "--advertise-address=127.0.0.1",
      "--endpoint-reconciler-type=none",
      `--cert-dir=${join(dir, "pki")}`,
      "--service-cluster-ip-range=10.0.0.0/24",
      "--service-account-issuer=https://kubernetes.default.svc.cluster.local",
      `--service-account-key-file=${join(dir, "sa.pub")}`,
      `--service-account-signing-key-file=${join(dir, "sa.key")}`,
      `--token-auth-file=${join(dir, "tokens.csv")}`,
      "--authorization-mode=RBAC",
      ...mutatingPolicyFlags(o.minor),
    ],
    join(dir, "kube-apiserver.log"),
  );

  const cp: ControlPlane = {
    minor: o.minor,
    server,
    kubeconfig: join(dir, "kubeconfig"),
    token,
    caFile: join(dir, "pki", "apiserver.crt"),
    stateDir: dir,
    pids: { etcd, apiserver },
  };
  writeFileSync(stateFile(dir), `${JSON.stringify(cp, null, 2)}\n`);
  try {
    await waitReady(cp, o.readyTimeoutMs ?? 120_000, log, o.signal);
  } catch (e) {
    // Interrupted while starting, it is stopped at once (a half-started server has nothing to shut
    // down gracefully); one that failed keeps its logs for the user to read.
    if (o.signal?.aborted) {
      for (const pid of [apiserver, etcd]) if (alive(pid)) process.kill(pid, "SIGKILL");
      await down(dir, log);
    }
    throw e;
  }
  writeFileSync(cp.kubeconfig, kubeconfig(cp), { mode: 0o600 });
  return cp;
}

function kubeconfig(cp: ControlPlane): string {
  return `apiVersion: v1
kind: Config
clusters:
- name: matchconform-local
  cluster:
    server: ${cp.server}
    certificate-authority: ${cp.caFile}
users:
- name: matchconform
  user:
    token: ${cp.token}
contexts:
- name: matchconform-local
  context: {cluster: matchconform-local, user: matchconform}
current-context: matchconform-local
`;
}

async function waitReady(
  cp: ControlPlane,
  timeoutMs: number,
  log: (line: string) => void,
  signal: AbortSignal | undefined,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const aborted = new Promise<never>((_, reject) => {
    const stop = () => reject(new Error("the start-up was interrupted"));
    if (signal?.aborted) stop();
    signal?.addEventListener("abort", stop, { once: true });
  });
  aborted.catch(() => {});
  let last = "";
  while (Date.now() < deadline) {
    signal?.throwIfAborted();
    if (!alive(cp.pids.apiserver))
      throw new Error(`kube-apiserver exited; see ${join(cp.stateDir, "kube-apiserver.log")}`);
    if (!alive(cp.pids.etcd)) throw new Error(`etcd exited; see ${join(cp.stateDir, "etcd.log")}`);
    if (existsSync(cp.caFile)) {
      const status = await Promise.race([get(cp, "/readyz").catch((e: Error) => e.message), aborted]);
      if (status === 200) {
        log(`kube-apiserver is ready at ${cp.server}`);
        return;
      }
      if (String(status) !== last) log(`waiting for /readyz (${status})`);
      last = String(status);
    }
    await Promise.race([new Promise((r) => setTimeout(r, 500)), aborted]);
  }
  throw new Error(
    `kube-apiserver was not ready within ${timeoutMs} ms; see ${join(cp.stateDir, "kube-apiserver.log")}`,
  );
}

function get(cp: ControlPlane, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${cp.server}${path}`,
      { ca: readFileSync(cp.caFile), headers: { Authorization: `Bearer ${cp.token}` }, timeout: 5000 },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on("error", reject);
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.end();
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Reads the running control plane, if any. */
export function current(stateDir = defaultStateDir()): ControlPlane | undefined {
  if (!existsSync(stateFile(stateDir))) return undefined;
  return JSON.parse(readFileSync(stateFile(stateDir), "utf8")) as ControlPlane;
}

/** Stops kube-apiserver, then etcd, and removes every file of the control plane. */
export async function down(stateDir = defaultStateDir(), log: (line: string) => void = () => {}): Promise<boolean> {
  const cp = current(stateDir);
  if (cp) {
    for (const [name, pid] of [
      ["kube-apiserver", cp.pids.apiserver],
      ["etcd", cp.pids.etcd],
    ] as const) {
      if (!alive(pid)) continue;
      log(`stopping ${name} (pid ${pid})`);
      process.kill(pid, "SIGTERM");
      for (let i = 0; i < 50 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
      if (alive(pid)) process.kill(pid, "SIGKILL");
    }
  }
  rmSync(stateDir, { recursive: true, force: true });
  return cp !== undefined;
}
