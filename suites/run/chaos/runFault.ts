// Runs the real CLI against the faulty child with one fault and measures what a user sees: the
// exit code, the time to end, whether every report file is there, and what was left running.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { cliEntry, sourceCli } from "../../../package/sourceCli.ts";

export const faults = [
  "hang-after",
  "exit-mid-batch",
  "exit-after-ready",
  "no-start",
  "start-twice",
  "start-garbage",
  "stray-line",
  "babble",
  "unknown-seq",
  "duplicate-seq",
  "missing-seq",
  "huge-line",
  "close-stdout",
  "flood-stderr",
  "ignore-stop",
  "grandchild",
  "slow",
  "fewer-subjects",
  "fewer-minors",
  "huge-skips",
  "setsid-daemon",
  "flip",
] as const;
/** Faults of a `--module` implementation (faultyModule.mjs), which runs in a child of the runner. */
export const moduleFaults = [
  "module-exit",
  "module-reject",
  "module-throw-null",
  "module-endless-loop",
  "module-unsettled",
  "module-top-level-await",
] as const;
export type Fault = (typeof faults)[number] | (typeof moduleFaults)[number];

/**
 * Faults whose run only the clock ends (a child that hangs, answers too late or never starts): their
 * time limit is what they test. Every other fault's child goes on answering, and its run gets fixed
 * work (`matrixWork`) that it ends on, so that what it reports is the same at any load.
 */
export const clockFaults: ReadonlySet<Fault> = new Set<Fault>([
  "hang-after",
  "slow",
  "missing-seq",
  "close-stdout",
  "no-start",
  "module-endless-loop",
  "module-unsettled",
  "module-top-level-await",
]);

/** Scenarios a fault's run is given: enough for every fault to show (50 answers before it, restarts, repeats). */
export const matrixWork = 100;
/** The time limit of a run with fixed work: a ceiling against a hang the matrix does not foresee, never reached by the work. */
export const workCeilingS = 600;

/** How the matrix runs `fault`: a clock fault under `timeLimitS`, any other on its fixed work. */
export function matrixOptions(fault: Fault, timeLimitS: number): FaultOptions & { readonly limitS: number } {
  return clockFaults.has(fault)
    ? { timeLimit: `${timeLimitS}s`, caseTimeout: "1s", limitS: timeLimitS }
    : // The default case timeout (10 s, longer while answers come slowly): no clock of the test's decides.
      { timeLimit: `${workCeilingS}s`, numRuns: matrixWork, limitS: workCeilingS };
}

export interface FaultRun {
  readonly fault: Fault;
  readonly exitCode: number | null;
  /**
   * From the end of start-up (the CLI's start plus the report's startUpMs: the time limit counts
   * from the implementation's ready), or from the SIGTERM when one was sent, to its exit.
   */
  readonly seconds: number;
  readonly partial: string | undefined;
  /** What the report gives as the run's end: the completion's reason when incomplete, else the verdict. */
  readonly reason: string | undefined;
  /** Processes still running with the run's marker in their arguments, a moment after the CLI ended. */
  readonly leftBehind: readonly string[];
  readonly stderr: string;
  /** The report files the run did not write. */
  readonly missing: readonly string[];
  /** The largest report file written, in bytes. */
  readonly largestReport: number;
  /** CPU time the CLI process used (user and system, read from /proc while it ran; 0 where there is none). */
  readonly cpuSeconds: number;
}

const root = fileURLToPath(new URL("../../../", import.meta.url));
const child = fileURLToPath(new URL("./faultyMatcher.mjs", import.meta.url));
const faultyModule = new URL("./faultyModule.mjs", import.meta.url).href;
const reportFiles = ["report.json", "report.md", "report.html", "junit.xml", "badge.json"];

export interface FaultOptions {
  readonly timeLimit: string;
  /**
   * Fixed work (`--profile quick --num-runs N`): a run whose child goes on answering ends on its
   * work, not on the time limit, so that what it reports is the same at any load.
   */
  readonly numRuns?: number;
  readonly caseTimeout?: string;
  /** Sends the CLI SIGTERM this long after the child has started: the run is interrupted, not ended by the fault. */
  readonly sigtermAfterMs?: number;
}

export async function runFault(fault: Fault, o: FaultOptions): Promise<FaultRun> {
  const marker = `chaos-${fault}-${process.pid}-${Date.now()}`;
  const dir = mkdtempSync(join(tmpdir(), `matchconform-chaos-${fault}-`));
  const implementation = fault.startsWith("module-")
    ? ["--module", moduleFile(dir, fault, marker)]
    : ["--implementation", `node ${child} --fault ${fault} --marker ${marker}`];
  const reports = join(dir, "reports");
  const args = [
    ...sourceCli,
    "run",
    ...implementation,
    "--kubernetes-version",
    "1.37",
    "--time-limit",
    o.timeLimit,
    ...(o.caseTimeout ? ["--case-timeout", o.caseTimeout] : []),
    ...(o.numRuns === undefined ? [] : ["--profile", "quick", "--num-runs", String(o.numRuns)]),
    "--seed",
    "1",
    "--report-dir",
    reports,
  ];
  const started = performance.now();
  const cli = spawn(process.execPath, args, { cwd: root, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  cli.stderr.on("data", (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  const exited = new Promise<number | null>((resolve) => cli.on("exit", (code) => resolve(code)));
  let cpuSeconds = 0;
  const cpuPoll = setInterval(() => {
    cpuSeconds = Math.max(cpuSeconds, processCpuSeconds(cli.pid));
  }, 200);
  void exited.finally(() => clearInterval(cpuPoll));
  let signalled: number | undefined;
  if (o.sigtermAfterMs !== undefined) {
    // Once the child asks for answers, not while node is still loading the CLI.
    while (running(marker).length === 0 && cli.exitCode === null) await sleep(200);
    await sleep(o.sigtermAfterMs);
    signalled = performance.now();
    cli.kill("SIGTERM");
  }
  const exitCode = await exited;
  const ended = performance.now();
  await sleep(300);
  const missing = reportFiles.filter((f) => !existsSync(join(reports, f)));
  const largestReport = Math.max(
    0,
    ...reportFiles.filter((f) => !missing.includes(f)).map((f) => statSync(join(reports, f)).size),
  );
  const json =
    missing.length === 0 ? (JSON.parse(readFileSync(join(reports, "report.json"), "utf8")) as Report) : undefined;
  rmSync(dir, { recursive: true, force: true });
  const startUpMs = signalled === undefined ? (json?.footer?.startUpMs ?? 0) : 0;
  return {
    fault,
    exitCode,
    seconds: (ended - (signalled ?? started) - startUpMs) / 1000,
    missing,
    largestReport,
    partial: json?.header.partial,
    reason: json?.footer?.completion?.reason ?? json?.footer?.verdict?.text,
    cpuSeconds,
    leftBehind: running(marker),
    stderr,
  };
}

/** A module file named with the marker, for `ps` to find the process it runs in. */
function moduleFile(dir: string, fault: Fault, marker: string): string {
  const file = join(dir, `${marker}.mjs`);
  writeFileSync(
    file,
    `import { faulty } from ${JSON.stringify(faultyModule)};\nexport default await faulty(${JSON.stringify(fault)});\n`,
  );
  return file;
}

interface Report {
  readonly header: { readonly partial?: string };
  readonly footer?: {
    readonly startUpMs?: number;
    readonly completion?: { readonly reason?: string };
    readonly verdict?: { readonly text: string };
  };
}

function running(marker: string): string[] {
  const ps = spawnSync("ps", ["-eo", "pid,args"], { encoding: "utf8" });
  // The CLI's own arguments carry the marker too: only the child and what it started count.
  return ps.stdout.split("\n").filter((l) => l.includes(marker) && !l.includes(cliEntry));
}

/** User and system CPU time of a running process, s, from /proc (Linux); 0 once it is gone, or elsewhere. */
function processCpuSeconds(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th, in ticks.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / clockTicks;
  } catch {
    return 0;
  }
}

/** Linux's USER_HZ, the unit of /proc's CPU times. */
const clockTicks = 100;

/**
 * How much a loaded machine stretches CPU work now: the wall time a child takes to burn 300 ms of
 * CPU, over 300 ms (1 on an idle machine, about the load over the cores on a busy one).
 */
export async function cpuStretch(): Promise<number> {
  const burn = "const t=process.cpuUsage();while((u=>u.user+u.system)(process.cpuUsage(t))<300000);";
  const t0 = performance.now();
  const child = spawn(process.execPath, ["-e", burn], { stdio: "ignore" });
  await new Promise((resolve) => child.on("exit", resolve));
  return (performance.now() - t0) / 300;
}

/** Runs `work` on each item, `width` at a time, results in the items' order. */
export async function pooled<T, R>(items: readonly T[], width: number, work: (t: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const lanes = Array.from({ length: width }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i] as T);
    }
  });
  await Promise.all(lanes);
  return results;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
