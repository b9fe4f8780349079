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

export interface FaultRun {
  readonly fault: Fault;
  readonly exitCode: number | null;
  /**
   * From the end of start-up (the CLI's start plus the report's startUpMs: the time limit counts
   * from the implementation's ready), or from the SIGTERM when one was sent, to its exit.
   */
  readonly seconds: number;
  readonly partial: string | undefined;
  /** Processes still running with the run's marker in their arguments, a moment after the CLI ended. */
  readonly leftBehind: readonly string[];
  readonly stderr: string;
  /** The report files the run did not write. */
  readonly missing: readonly string[];
  /** The largest report file written, in bytes. */
  readonly largestReport: number;
}

const root = fileURLToPath(new URL("../../../", import.meta.url));
const child = fileURLToPath(new URL("./faultyMatcher.mjs", import.meta.url));
const faultyModule = new URL("./faultyModule.mjs", import.meta.url).href;
const reportFiles = ["report.json", "report.md", "report.html", "junit.xml", "badge.json"];

export interface FaultOptions {
  readonly timeLimit: string;
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
  readonly footer?: { readonly startUpMs?: number };
}

function running(marker: string): string[] {
  const ps = spawnSync("ps", ["-eo", "pid,args"], { encoding: "utf8" });
  // The CLI's own arguments carry the marker too: only the child and what it started count.
  return ps.stdout.split("\n").filter((l) => l.includes(marker) && !l.includes(cliEntry));
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
