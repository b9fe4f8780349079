// Runs the real CLI against the faulty child with one fault and measures what a user sees: the
// exit code, the time to end, whether every report file is there, and what was left running.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

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
] as const;
export type Fault = (typeof faults)[number];

export interface FaultRun {
  readonly fault: Fault;
  readonly exitCode: number | null;
  readonly seconds: number;
  /** Every report format written. */
  readonly report: boolean;
  readonly partial: string | undefined;
  /** Processes still running with the run's marker in their arguments, a moment after the CLI ended. */
  readonly leftBehind: readonly string[];
  readonly stderr: string;
}

const root = fileURLToPath(new URL("../../../", import.meta.url));
const child = fileURLToPath(new URL("./faultyMatcher.mjs", import.meta.url));
const reportFiles = ["report.json", "report.md", "report.html", "junit.xml", "badge.json"];

export async function runFault(fault: Fault, timeLimit: string, caseTimeout?: string): Promise<FaultRun> {
  const marker = `chaos-${fault}-${process.pid}-${Date.now()}`;
  const dir = mkdtempSync(join(tmpdir(), `matchconform-chaos-${fault}-`));
  const args = [
    join(root, "bin/matchconform.js"),
    "run",
    "--implementation",
    `node ${child} --fault ${fault} --marker ${marker}`,
    "--kubernetes-version",
    "1.37",
    "--time-limit",
    timeLimit,
    ...(caseTimeout ? ["--case-timeout", caseTimeout] : []),
    "--seed",
    "1",
    "--report-dir",
    dir,
  ];
  const started = performance.now();
  const cli = spawn(process.execPath, args, { cwd: root, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  cli.stderr.on("data", (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  const exitCode = await new Promise<number | null>((resolve) => cli.on("exit", (code) => resolve(code)));
  const seconds = (performance.now() - started) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 300));
  const report = reportFiles.every((f) => existsSync(join(dir, f)));
  const json = report
    ? ((await import(join(dir, "report.json"), { with: { type: "json" } })).default as Report)
    : undefined;
  return { fault, exitCode, seconds, report, partial: json?.header.partial, leftBehind: running(marker), stderr };
}

interface Report {
  readonly header: { readonly partial?: string };
}

function running(marker: string): string[] {
  const ps = spawnSync("ps", ["-eo", "pid,args"], { encoding: "utf8" });
  return ps.stdout.split("\n").filter((l) => l.includes(marker) && !l.includes(" ps "));
}
