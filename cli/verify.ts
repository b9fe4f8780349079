// `matchconform verify --apiserver (--local [--kubernetes-version 1.N] | --kubeconfig <file> [--context <name>])`:
// the corpus, generated scenarios and invariants with a real kube-apiserver as the implementation,
// so that the model is compared with the real server; reports are written as for `run`.
import { readFileSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { load as loadYaml } from "js-yaml";
import type { ApiserverMatcher } from "../oracles/apiserver/apiserverMatcher.ts";
import { leftovers, startApiserverMatcher } from "../oracles/apiserver/apiserverMatcher.ts";
import type { Connection } from "../oracles/apiserver/kubeHttp.ts";
import { KubeHttp } from "../oracles/apiserver/kubeHttp.ts";
import { current, up } from "../oracles/apiserver/localControlPlane.ts";
import type { Minor } from "../oracles/model/versions.ts";
import { isMinor, latestMinor, supportedMinors } from "../oracles/model/versions.ts";
import { summary, terminalProgress } from "../reports/runText.ts";
import { writeReports } from "../reports/writeReports.ts";
import type { ProfileName, RunBudget } from "../suites/run/options.ts";
import { profiles } from "../suites/run/options.ts";
import { runConformance } from "../suites/run/run.ts";
import { buildControlPlane } from "./cluster.ts";
import { loadAll } from "./loadAll.ts";
import { durationMs } from "./run.ts";
import { UsageError } from "./usageError.ts";

export interface VerifyArgs {
  readonly apiserver?: boolean | undefined;
  readonly local?: boolean | undefined;
  readonly kubeconfig?: string | undefined;
  readonly context?: string | undefined;
  readonly allowCluster?: string | undefined;
  readonly kubernetesVersion?: string | undefined;
  readonly profile?: string | undefined;
  readonly numRuns?: string | undefined;
  readonly timeLimit?: string | undefined;
  readonly seed?: string | undefined;
  readonly reportDir?: string | undefined;
  readonly batchSize?: string | undefined;
  readonly cases: readonly string[];
}

const localContext = "matchconform-local";

export async function verify(a: VerifyArgs, out: (line: string) => void, err: (line: string) => void): Promise<number> {
  if (!a.apiserver) throw new UsageError("verify needs --apiserver (the only oracle so far)");
  if (a.local === (a.kubeconfig !== undefined))
    throw new UsageError("verify --apiserver takes --local or --kubeconfig <file>");
  const version = a.kubernetesVersion ?? latestMinor;
  if (!isMinor(version))
    throw new UsageError(`--kubernetes-version ${version} is not one of ${supportedMinors.join(", ")}`);
  const target = a.local
    ? await localTarget(version, err)
    : kubeconfigTarget(a.kubeconfig as string, a.context, a.allowCluster);
  const minor = target.minor ?? version;
  const cases = loadAll(a.cases.length > 0 ? a.cases : ["suites/cases"]);
  const profile = (a.profile ?? "quick") as ProfileName;
  const base = profiles[profile];
  if (base === undefined)
    throw new UsageError(`--profile ${a.profile} is not one of ${Object.keys(profiles).join(", ")}`);
  // Reducing a divergence asks hundreds of queries one after another: a second each against a server.
  const budget: RunBudget = {
    ...base,
    shrinkBuckets: 0,
    ...(a.numRuns !== undefined && { numRuns: Number(a.numRuns), timeLimitMs: Number.POSITIVE_INFINITY }),
    ...(a.timeLimit !== undefined && {
      timeLimitMs: durationMs("--time-limit", a.timeLimit),
      numRuns: Number.MAX_SAFE_INTEGER,
    }),
  };
  const seed = a.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(a.seed);
  const matcher: ApiserverMatcher = await startApiserverMatcher({
    server: target.connection.server,
    connection: target.connection,
    minor,
    ...(a.batchSize !== undefined && { batchSize: Number(a.batchSize) }),
    log: err,
  });
  const started = performance.now();
  try {
    const progress = terminalProgress(process.stderr);
    const report = await runConformance({
      matcher,
      options: { budget, seed, minors: [minor], caseFiles: a.cases },
      cases,
      expected: [],
      progress,
      header: {
        matchconform: packageVersion(),
        profile,
        options: { numRuns: Number.isFinite(budget.numRuns) ? budget.numRuns : 0, invariantRuns: budget.invariantRuns },
        replay: `npx matchconform verify --apiserver ${a.local ? "--local" : `--kubeconfig ${a.kubeconfig}`} --kubernetes-version ${minor} --seed ${seed}`,
      },
    });
    progress.done();
    const dir = a.reportDir ?? join(".matchconform", "verify");
    writeReports(dir, report);
    const s = matcher.stats;
    const secs = (performance.now() - started) / 1000;
    out(summary(report));
    out(
      `kube-apiserver ${matcher.info.version}: ${s.queries} queries in ${s.batches} batches, ${s.probed} decided by the server, ${s.skipped} skipped; ${(s.probed / secs).toFixed(1)} verdicts/s; mean sentinel wait ${s.batches ? Math.round(s.sentinelWaitMs / s.batches) : 0} ms`,
    );
    out(`reports: ${join(dir, "report.html")}, report.md, report.json, junit.xml`);
    return report.footer.exitCode;
  } finally {
    await matcher.close();
    const http = new KubeHttp(target.connection);
    const left = await leftovers(http, matcher.runId).catch(() => ["(could not list)"]);
    http.close();
    if (left.length > 0) err(`matchconform: left behind: ${left.join(", ")}`);
  }
}

function packageVersion(): string {
  return (JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }).version;
}

interface Target {
  readonly connection: Connection;
  readonly minor?: Minor;
}

/** The running local control plane, or a new one. */
async function localTarget(minor: Minor, err: (line: string) => void): Promise<Target> {
  let cp = current();
  if (cp && cp.minor !== minor)
    throw new UsageError(`the local control plane runs ${cp.minor}; run "cluster down" first`);
  if (!cp) {
    const bin = await buildControlPlane(minor, err);
    cp = await up({ binDir: bin, minor, log: err });
  }
  return { connection: { server: cp.server, token: cp.token, ca: readFileSync(cp.caFile) }, minor: cp.minor };
}

/** A kubeconfig context: only the local control plane, a kind-* context or one named by --allow-cluster. */
export function kubeconfigTarget(file: string, context: string | undefined, allow: string | undefined): Target {
  // client-node's KubeConfig resolves relative paths and *-data fields.
  return kubeconfigConnection(file, context, allow);
}

export function allowedContext(name: string, allow: string | undefined): boolean {
  return name === localContext || name.startsWith("kind-") || (allow !== undefined && name === allow);
}

function kubeconfigConnection(file: string, context: string | undefined, allow: string | undefined): Target {
  const kc = loadKubeConfig(file);
  const name = context ?? kc.currentContext;
  if (!allowedContext(name, allow))
    throw new UsageError(
      `refusing context "${name}": verify only talks to the local control plane, a kind-* context, or the one named by --allow-cluster <name>`,
    );
  const ctx = kc.contexts.find((c) => c.name === name);
  if (!ctx) throw new UsageError(`the kubeconfig has no context "${name}"`);
  const cluster = kc.clusters.find((c) => c.name === ctx.cluster);
  const user = kc.users.find((u) => u.name === ctx.user);
  if (!cluster) throw new UsageError(`context "${name}" names no cluster`);
  const pem = (data?: string, path?: string) =>
    data ? Buffer.from(data, "base64") : path ? readFileSync(path) : undefined;
  const ca = pem(cluster.caData, cluster.caFile);
  const cert = pem(user?.certData, user?.certFile);
  const key = pem(user?.keyData, user?.keyFile);
  return {
    connection: {
      server: cluster.server,
      ...(user?.token && { token: user.token }),
      ...(ca && { ca }),
      ...(cert && { cert }),
      ...(key && { key }),
      ...(cluster.skipTLSVerify && { rejectUnauthorized: false }),
    },
  };
}

interface MiniKubeConfig {
  currentContext: string;
  contexts: Array<{ name: string; cluster: string; user: string }>;
  clusters: Array<{ name: string; server: string; caData?: string; caFile?: string; skipTLSVerify?: boolean }>;
  users: Array<{
    name: string;
    token?: string;
    certData?: string;
    certFile?: string;
    keyData?: string;
    keyFile?: string;
  }>;
}

/** The fields of a kubeconfig the oracle needs (tokens and client certificates; no exec plugins). */
function loadKubeConfig(file: string): MiniKubeConfig {
  const raw = loadYaml(readFileSync(file, "utf8")) as Record<string, unknown>;
  const abs = (p?: string) => (p === undefined ? p : isAbsolute(p) ? p : resolve(dirname(file), p));
  const list = (k: string) => (raw[k] ?? []) as Array<Record<string, Record<string, string> | string>>;
  return {
    currentContext: String(raw["current-context"] ?? ""),
    contexts: list("contexts").map((c) => {
      const x = c.context as Record<string, string>;
      return { name: String(c.name), cluster: x.cluster ?? "", user: x.user ?? "" };
    }),
    clusters: list("clusters").map((c) => {
      const x = c.cluster as Record<string, string>;
      return {
        name: String(c.name),
        server: x.server ?? "",
        ...(x["certificate-authority-data"] && { caData: x["certificate-authority-data"] }),
        ...(x["certificate-authority"] && { caFile: abs(x["certificate-authority"]) as string }),
        ...(String(x["insecure-skip-tls-verify"]) === "true" && { skipTLSVerify: true }),
      };
    }),
    users: list("users").map((u) => {
      const x = (u.user ?? {}) as Record<string, string>;
      return {
        name: String(u.name),
        ...(x.token && { token: x.token }),
        ...(x["client-certificate-data"] && { certData: x["client-certificate-data"] }),
        ...(x["client-certificate"] && { certFile: abs(x["client-certificate"]) as string }),
        ...(x["client-key-data"] && { keyData: x["client-key-data"] }),
        ...(x["client-key"] && { keyFile: abs(x["client-key"]) as string }),
      };
    }),
  };
}
