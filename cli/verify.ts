// `matchconform verify --apiserver (--local [--kubernetes-version 1.N] | --kubeconfig <file> [--context <name>])`:
// the corpus, generated scenarios and invariants with a real kube-apiserver as the implementation,
// so that the model is compared with the real server; reports are written as for `run`, and with
// `--record <dir>` the server's own verdicts as case files (reports/recordedVerdicts.ts).
import { statSync } from "node:fs";
import { join } from "node:path";
import { customKinds } from "../generators/params.ts";
import type { RecordingMatcher } from "../oracles/adapters/recordingMatcher.ts";
import { recordingMatcher } from "../oracles/adapters/recordingMatcher.ts";
import type { ApiserverMatcher } from "../oracles/apiserver/apiserverMatcher.ts";
import { batchSteps } from "../oracles/apiserver/batch/runBatch.ts";
import { skipLines } from "../oracles/apiserver/batch/skipReasons.ts";
import { cpuMs } from "../oracles/apiserver/controlPlane/processCpu.ts";
import type { Minor } from "../oracles/contract/versions.ts";
import { isMinor, latestMinor, supportedMinors } from "../oracles/contract/versions.ts";
import { defaultCorpus, packageVersion } from "../package/packageRoot.ts";
import { shellWord, terminal } from "../reports/escape.ts";
import { stderrProgress } from "../reports/liveProgress.ts";
import { writeRecordedVerdicts } from "../reports/recordedVerdicts.ts";
import { summary } from "../reports/runText.ts";
import { reportDirProblem, writeReports } from "../reports/writeReports.ts";
import { loadAll } from "../suites/format/loadAll.ts";
import type { LoadedCase } from "../suites/format/loadCaseFile.ts";
import { queriesAt } from "../suites/replay/fixedQueries.ts";
import type { ProfileName, RunBudget } from "../suites/run/options.ts";
import { runConformance } from "../suites/run/run.ts";
import { budgetOf, seedOf } from "./budgetFlags.ts";
import type { RunMode } from "./runMode.ts";
import { modeOf, pacingOf, seedFor } from "./runMode.ts";
import type { ClusterFlags } from "./serverSession.ts";
import { openServerSession } from "./serverSession.ts";
import { UsageError } from "./usageError.ts";

export { allowedContext, kubeconfigTarget } from "./serverTarget.ts";

export interface VerifyArgs extends ClusterFlags {
  readonly apiserver?: boolean | undefined;
  readonly profile?: string | undefined;
  readonly numRuns?: string | undefined;
  readonly timeLimit?: string | undefined;
  readonly seed?: string | undefined;
  /** ci (default): the profile's whole work under a ceiling, the minor's fixed seed; explore: what fits the time limit, a random seed. */
  readonly mode?: string | undefined;
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
  /** A fixed query set: case files whose queries alone are asked, at the server's minor, against the model there. */
  readonly queries?: string | undefined;
  readonly cases: readonly string[];
}

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
  const mode = modeOf(a.mode);
  const budget = budgetFor(a, mode);
  const fixed = a.queries === undefined ? undefined : loadAll([a.queries]);
  if (a.seed !== undefined) seedOf(a.seed); // a bad --seed ends the command before a server is started
  const drawn = seedOf(undefined);
  const dir = a.reportDir ?? join(".matchconform", "verify");
  // A folder the reports cannot go to ends the command before a server is started, not after the run.
  const dirProblem = reportDirProblem(dir);
  if (dirProblem !== undefined) {
    err(terminal(`matchconform: ${dirProblem}`));
    return 2;
  }
  const cases = fixed ?? loadAll(a.cases.length > 0 ? a.cases : [defaultCorpus]);
  const session = await openServerSession({
    cluster: a,
    version,
    matcher: {
      ...(a.batchSize !== undefined && { batchSize: Number(a.batchSize) }),
      ...(a.webhookHost !== undefined && { webhookHost: a.webhookHost }),
      ...(a.webhookListen !== undefined && { webhookListen: a.webhookListen }),
      // The custom param kinds the run will share, ready before its first batch needs them.
      warmParamKinds: [
        ...(rates.paramRate !== 0 && fixed === undefined ? customKinds : []),
        ...cases.flatMap((c) => [c.cluster, ...c.tests.map((t) => t.cluster)].flatMap((k) => k?.customKinds ?? [])),
      ],
      // The generated params' cluster-scoped kinds get their param slots as the run starts.
      ...(fixed === undefined && rates.paramRate !== 0 && { paramKindsAhead: customKinds }),
      // The run lease's duration, s (default 60): short ones are for the tests of interrupted runs.
      ...(process.env.MATCHCONFORM_LEASE_SECONDS && { leaseSeconds: Number(process.env.MATCHCONFORM_LEASE_SECONDS) }),
    },
    describe: (m, where) =>
      `verify against kube-apiserver ${m.info.version} (run ${m.runId}) ${where}, with ${m.stats.queries} queries answered and ${m.stats.batches} batches begun`,
    err,
  });
  const { matcher, minor, interrupts } = session;
  const seed = seedFor(mode, drawn, a.seed, [minor]);
  const recorder = a.record === undefined ? undefined : recordingMatcher(matcher);
  const asked = fixed ? fixedAt(fixed, minor, a.queries ?? "", out) : cases;
  const started = performance.now();
  const serverCpu = session.target.pids && cpuMs(session.target.pids);
  try {
    if (recorder) recordableAs(matcher.info.version, minor);
    const progress = interrupts.track(stderrProgress());
    const report = await runConformance({
      matcher: interrupts.guard(recorder ?? matcher),
      options: {
        budget,
        seed,
        minors: [minor],
        caseFiles: a.queries === undefined ? a.cases : [a.queries],
        ...rates,
        // Generated scenarios in families of one subject and cluster: the oracle shares their probe.
        families: true,
        // The server answering one query two ways is the infrastructure's fault: exit 4, not 2.
        respondent: "server",
      },
      cases: asked,
      expected: [],
      progress,
      header: {
        matchconform: packageVersion,
        profile,
        options: { numRuns: Number.isFinite(budget.numRuns) ? budget.numRuns : 0, invariantRuns: budget.invariantRuns },
        replay: replayOf(a, minor, mode, seed),
      },
    });
    progress.done();
    writeReports(dir, report);
    out(summary(report));
    out(serverStats(matcher, (performance.now() - started) / 1000));
    const cpu = cpuLine(matcher, session.target.pids, serverCpu);
    if (cpu !== undefined) out(cpu);
    for (const l of skipLines(matcher.stats.skipReasons, matcher.stats.queries)) out(terminal(`  skipped: ${l}`));
    out(terminal(`reports: ${join(dir, "report.html")}, report.md, report.json, junit.xml`));
    if (recorder && a.record !== undefined) out(record(recorder, a.record, minor));
    return report.footer.exitCode;
  } finally {
    await session.end();
  }
}

/**
 * The run's budget, never reducing: a reduction asks hundreds of queries one after another, a second
 * each against a server. In ci mode the profile's whole work (as run's), its ceiling the server's
 * (verifyCeilingsMs); in explore mode what fits the time limit. A fixed query set is asked whole,
 * however long it takes (as --num-runs alone), and alone: no generated scenarios, no invariants.
 */
export function budgetFor(a: VerifyArgs, mode: RunMode): RunBudget {
  if (a.queries !== undefined) {
    if (a.cases.length > 0 || a.numRuns !== undefined)
      throw new UsageError("--queries asks those queries alone: it takes no case files and no --num-runs");
    return { ...budgetOf({ ...a, numRuns: "0" }, "quick"), reduce: false, invariantRuns: 0 };
  }
  const budget = { ...budgetOf(a, "quick", pacingOf(mode)), reduce: false };
  if (budget.pacing !== "work" || a.timeLimit !== undefined || a.numRuns !== undefined) return budget;
  return { ...budget, timeLimitMs: verifyCeilingsMs[(a.profile ?? "quick") as ProfileName] };
}

/**
 * Each profile's ceiling against a real server in ci mode: many times what its work took on a 2-core
 * machine (quick: the corpus, 300 scenarios and 24 invariants of 20 samples), so that only a server
 * that hangs or crawls reaches it.
 */
export const verifyCeilingsMs: Record<ProfileName, number> = {
  quick: 1_800_000,
  default: 7_200_000,
  nightly: 28_800_000,
};

/** The fixed query set at the server's minor, with what was left out said. */
function fixedAt(loaded: readonly LoadedCase[], minor: Minor, from: string, out: (line: string) => void) {
  const q = queriesAt(loaded, minor);
  const asked = q.cases.reduce((n, c) => n + c.tests.length, 0);
  out(
    terminal(
      `queries: ${asked} of ${from} asked at ${minor}; left out: ${q.notServed} of subject kinds not served at ${minor}, ${q.outsideModel} the model does not decide there`,
    ),
  );
  return q.cases;
}

function rateOf(flag: string, v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!(v.trim() !== "" && n >= 0 && n <= 1)) throw new UsageError(`${flag} ${v} is not a number from 0 to 1`);
  return n;
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

/** Verdicts are recorded under the minor they were asked at, which must be the server's. */
function recordableAs(gitVersion: string, minor: Minor): void {
  const served = /^v?1\.(\d+)\./.exec(gitVersion)?.[1];
  if (served !== undefined && `1.${served}` !== minor)
    throw new UsageError(
      `--record: the server is ${gitVersion}, but the queries are asked at ${minor}; give --kubernetes-version 1.${served}`,
    );
}

/**
 * The local control plane's CPU time (kube-apiserver and etcd) over the run, per verdict: on a
 * machine others load, the figure that stays comparable from run to run, where verdicts/s does not.
 */
function cpuLine(matcher: ApiserverMatcher, pids: readonly number[] | undefined, before: number | undefined) {
  const after = pids && cpuMs(pids);
  if (after === undefined || before === undefined) return undefined;
  const s = matcher.stats;
  const ms = after - before;
  const per = (n: number) => (n > 0 ? (ms / n).toFixed(0) : "-");
  return `local control plane CPU (kube-apiserver + etcd): ${(ms / 1000).toFixed(1)} s, ${per(s.probed)} ms a verdict, ${per(s.queries)} ms a query`;
}

/** The server's throughput, and where a batch's time went (each step's mean per batch). */
function serverStats(matcher: ApiserverMatcher, secs: number): string {
  const s = matcher.stats;
  const perBatch = (ms: number) => (s.batches ? Math.round(ms / s.batches) : 0);
  const steps = batchSteps.map((step) => `${step} ${perBatch(s.stepMs[step])}`).join(", ");
  const t = matcher.http.tally;
  const perQuery = s.queries > 0 ? ` (${(t.writes / s.queries).toFixed(1)} writes a query)` : "";
  return `kube-apiserver ${matcher.info.version}: ${s.queries} queries in ${s.batches} batches, ${s.probed} decided by the server (${s.sharedProbe} of them by a probe shared with their family), ${s.skipped} skipped; ${(s.probed / secs).toFixed(1)} verdicts/s; mean sentinel wait ${perBatch(s.sentinelWaitMs)} ms; per batch, ms: ${steps}; the run's requests: ${t.writes} writes, ${t.dryRuns} dry runs, ${t.reads} reads${perQuery}`;
}

/** The command that asks the same again: every path a shell word, whatever it holds. */
export function replayOf(a: VerifyArgs, minor: Minor, mode: RunMode, seed: number): string {
  return [
    "npx matchconform verify --apiserver",
    a.local ? "--local" : `--kubeconfig ${shellWord(a.kubeconfig ?? "")}`,
    a.context !== undefined && `--context ${shellWord(a.context)}`,
    a.allowCluster !== undefined && `--allow-cluster ${shellWord(a.allowCluster)}`,
    `--kubernetes-version ${minor}`,
    mode === "explore" && "--mode explore",
    a.queries === undefined ? `--seed ${seed}` : `--queries ${shellWord(a.queries)}`,
    ...(a.queries === undefined ? a.cases.map(shellWord) : []),
  ]
    .filter(Boolean)
    .join(" ");
}
