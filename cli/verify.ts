// `matchconform verify --apiserver (--local [--kubernetes-version 1.N] | --kubeconfig <file> [--context <name>])`:
// the corpus, generated scenarios and invariants with a real kube-apiserver as the implementation,
// so that the model is compared with the real server; reports are written as for `run`, and with
// `--record <dir>` the server's own verdicts as case files (reports/recordedVerdicts.ts).
import { readFileSync, statSync } from "node:fs";
import type { RequestOptions } from "node:https";
import { join } from "node:path";
import type { RecordingMatcher } from "../oracles/adapters/recordingMatcher.ts";
import { recordingMatcher } from "../oracles/adapters/recordingMatcher.ts";
import type { ApiserverMatcher } from "../oracles/apiserver/apiserverMatcher.ts";
import { leftovers, startApiserverMatcher } from "../oracles/apiserver/apiserverMatcher.ts";
import { batchSteps } from "../oracles/apiserver/batch/runBatch.ts";
import { buildControlPlane } from "../oracles/apiserver/buildControlPlane.ts";
import type { Connection } from "../oracles/apiserver/controlPlane/kubeHttp.ts";
import { KubeHttp } from "../oracles/apiserver/controlPlane/kubeHttp.ts";
import { current, up } from "../oracles/apiserver/controlPlane/localControlPlane.ts";
import type { Minor } from "../oracles/contract/versions.ts";
import { isMinor, latestMinor, supportedMinors } from "../oracles/contract/versions.ts";
import { defaultCorpus, packageVersion } from "../package/packageRoot.ts";
import { writeRecordedVerdicts } from "../reports/recordedVerdicts.ts";
import { summary, terminalProgress } from "../reports/runText.ts";
import { writeReports } from "../reports/writeReports.ts";
import { loadAll } from "../suites/format/loadAll.ts";
import type { ProfileName, RunBudget } from "../suites/run/options.ts";
import { runConformance } from "../suites/run/run.ts";
import { budgetOf, seedOf } from "./budgetFlags.ts";
import { onInterrupt } from "./interrupt.ts";
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
  /** The share of generated scenarios with matchConditions (and drawn users), 0 to 1 (default 0.2). */
  readonly conditionRate?: string | undefined;
  /** The share of generated scenarios with params, 0 to 1 (default 0.2). */
  readonly paramRate?: string | undefined;
  /** The address the server reaches the suite's webhook receiver at (on kind: the kind network's gateway). */
  readonly webhookHost?: string | undefined;
  readonly webhookListen?: string | undefined;
  /** Where to write the server's verdicts as case files, in a folder per server version. */
  readonly record?: string | undefined;
  readonly cases: readonly string[];
}

const localContext = "matchconform-local";

export async function verify(a: VerifyArgs, out: (line: string) => void, err: (line: string) => void): Promise<number> {
  if (!a.apiserver) throw new UsageError("verify needs --apiserver (the only oracle so far)");
  if (Boolean(a.local) === (a.kubeconfig !== undefined))
    throw new UsageError("verify --apiserver takes --local or --kubeconfig <file>");
  const version = a.kubernetesVersion ?? latestMinor;
  if (!isMinor(version))
    throw new UsageError(`--kubernetes-version ${version} is not one of ${supportedMinors.join(", ")}`);
  if (a.record !== undefined && statSync(a.record, { throwIfNoEntry: false })?.isDirectory() === false)
    throw new UsageError(`--record ${a.record} is a file, not a folder`);
  const profile = (a.profile ?? "quick") as ProfileName;
  const rates = {
    conditionRate: rateOf("--condition-rate", a.conditionRate),
    paramRate: rateOf("--param-rate", a.paramRate),
  };
  // Reducing a divergence asks hundreds of queries one after another: a second each against a server.
  const budget: RunBudget = { ...budgetOf(a, "quick"), reduce: false };
  const seed = seedOf(a.seed);
  const target = a.local
    ? await localTarget(version, err)
    : await kubeconfigTarget(a.kubeconfig as string, a.context, a.allowCluster);
  const minor = target.minor ?? (a.kubernetesVersion === undefined ? await servedMinor(target.connection) : version);
  const cases = loadAll(a.cases.length > 0 ? a.cases : [defaultCorpus]);
  const matcher: ApiserverMatcher = await startApiserverMatcher({
    server: target.connection.server,
    connection: target.connection,
    minor,
    ...(a.batchSize !== undefined && { batchSize: Number(a.batchSize) }),
    ...(a.webhookHost !== undefined && { webhookHost: a.webhookHost }),
    ...(a.webhookListen !== undefined && { webhookListen: a.webhookListen }),
    // The run lease's duration, s (default 60): short ones are for the tests of interrupted runs.
    ...(process.env.MATCHCONFORM_LEASE_SECONDS && { leaseSeconds: Number(process.env.MATCHCONFORM_LEASE_SECONDS) }),
    log: err,
  });
  const interrupts = onInterrupt({
    describe: (where) =>
      `verify against kube-apiserver ${matcher.info.version} (run ${matcher.runId}) ${where}, with ${matcher.stats.queries} queries answered and ${matcher.stats.batches} batches begun`,
    cleanUp: async () => {
      await matcher.close();
      return leftBehind(target.connection, matcher.runId);
    },
    err,
  });
  const recorder = a.record === undefined ? undefined : recordingMatcher(matcher);
  const started = performance.now();
  try {
    if (recorder) recordableAs(matcher.info.version, minor);
    const progress = interrupts.track(terminalProgress(process.stderr));
    const report = await runConformance({
      matcher: interrupts.guard(recorder ?? matcher),
      options: { budget, seed, minors: [minor], caseFiles: a.cases, ...rates },
      cases,
      expected: [],
      progress,
      header: {
        matchconform: packageVersion,
        profile,
        options: { numRuns: Number.isFinite(budget.numRuns) ? budget.numRuns : 0, invariantRuns: budget.invariantRuns },
        replay: `npx matchconform verify --apiserver ${a.local ? "--local" : `--kubeconfig ${a.kubeconfig}`} --kubernetes-version ${minor} --seed ${seed}`,
      },
    });
    progress.done();
    const dir = a.reportDir ?? join(".matchconform", "verify");
    writeReports(dir, report);
    out(summary(report));
    out(serverStats(matcher, (performance.now() - started) / 1000));
    out(`reports: ${join(dir, "report.html")}, report.md, report.json, junit.xml`);
    if (recorder && a.record !== undefined) out(record(recorder, a.record, minor));
    return report.footer.exitCode;
  } finally {
    await matcher.close();
    const left = await leftBehind(target.connection, matcher.runId);
    if (left.length > 0) err(`matchconform: left behind: ${left.join(", ")}`);
    interrupts.dispose();
  }
}

function rateOf(flag: string, v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!(v.trim() !== "" && n >= 0 && n <= 1)) throw new UsageError(`${flag} ${v} is not a number from 0 to 1`);
  return n;
}

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

/** Writes the recorded verdicts; what was written, as a line. */
function record(recorder: RecordingMatcher, dir: string, minor: Minor): string {
  const verdicts = recorder.verdicts();
  const c = recorder.counts;
  // An earlier recording of the version is worth more than an empty one.
  if (verdicts.length === 0)
    return `recorded: nothing, the server decided no query (${c.skipped} skipped, ${c.errored + c.broken} errored); ${dir} is unchanged`;
  const w = writeRecordedVerdicts(verdicts, { dir, implementation: recorder.info, minor });
  const conflicts =
    c.conflicting > 0 ? `; ${c.conflicting} queries answered differently when asked again (the first answer kept)` : "";
  return `recorded: ${w.cases} verdicts of ${recorder.info.name} ${recorder.info.version} in ${w.files.length} files under ${w.dir} (${c.outcomes} outcomes; not recorded: ${c.skipped} skipped, ${c.errored + c.broken} errored)${conflicts}`;
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

/** Verdicts are recorded under the minor they were asked at, which must be the server's. */
function recordableAs(gitVersion: string, minor: Minor): void {
  const served = /^v?1\.(\d+)\./.exec(gitVersion)?.[1];
  if (served !== undefined && `1.${served}` !== minor)
    throw new UsageError(
      `--record: the server is ${gitVersion}, but the queries are asked at ${minor}; give --kubernetes-version 1.${served}`,
    );
}

export interface Target {
  readonly connection: Connection;
  readonly minor?: Minor;
}

/** The running local control plane, or a new one. */
export async function localTarget(minor: Minor, err: (line: string) => void): Promise<Target> {
  let cp = current();
  if (cp && cp.minor !== minor)
    throw new UsageError(`the local control plane runs ${cp.minor}; run "cluster down" first`);
  if (!cp) {
    const bin = await buildControlPlane(minor, err);
    cp = await up({ binDir: bin, minor, log: err });
  }
  return { connection: { server: cp.server, token: cp.token, ca: readFileSync(cp.caFile) }, minor: cp.minor };
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

/** The server's throughput, and where a batch's time went (each step's mean per batch). */
function serverStats(matcher: ApiserverMatcher, secs: number): string {
  const s = matcher.stats;
  const perBatch = (ms: number) => (s.batches ? Math.round(ms / s.batches) : 0);
  const steps = batchSteps.map((step) => `${step} ${perBatch(s.stepMs[step])}`).join(", ");
  return `kube-apiserver ${matcher.info.version}: ${s.queries} queries in ${s.batches} batches, ${s.probed} decided by the server, ${s.skipped} skipped; ${(s.probed / secs).toFixed(1)} verdicts/s; mean sentinel wait ${perBatch(s.sentinelWaitMs)} ms; per batch, ms: ${steps}`;
}
