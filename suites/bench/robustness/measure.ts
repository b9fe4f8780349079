// Runs the command once, as a user would, in a folder of its own, and measures what issue 19 asks
// of every hostile situation: the exit code, the time to end, which report files are there, and
// what is left behind: processes (every descendant carries an environment marker, which survives
// setsid and double forks) and files created or deleted outside the report folder.
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

export const reportFiles = ["report.json", "report.md", "report.html", "junit.xml", "badge.json"] as const;

/** The environment variable every process the command starts inherits. */
const markerVariable = "MATCHCONFORM_ROBUSTNESS";

export interface Signalled {
  readonly signal: "SIGTERM" | "SIGINT";
  /** Sent once a process the command started has this in its arguments (any, when empty)… */
  readonly once: string;
  /** …and this long after. */
  readonly afterMs: number;
}

export interface Invocation {
  /** The command's arguments, after the entry (`run …`, `replay …`). */
  readonly args: readonly string[];
  /** The folder it runs in; its files before and after are compared. */
  readonly work: string;
  /** The report folder, relative to `work`, if the command writes reports. */
  readonly reportDir?: string;
  readonly signal?: Signalled;
  readonly env?: Readonly<Record<string, string>>;
}

export interface Measured {
  readonly exitCode: number | null;
  /** From the start, or from the signal when one was sent, to the exit. */
  readonly seconds: number;
  /** The report files present (of reportFiles), or undefined when the command writes none. */
  readonly reports: readonly string[] | undefined;
  /** Processes still running with the marker a moment after the exit (then killed), "pid command". */
  readonly processes: readonly string[];
  /** Files created ("+path") or deleted ("-path") in the folder, outside the report folder. */
  readonly files: readonly string[];
  readonly stderr: string;
  /** The implementation's start-up as report.json gives it, s: the time limit counts after it. */
  readonly startUpSeconds: number | undefined;
}

/** Runs `entry args` (entry: node and the CLI's script) and measures it; never longer than `boundMs`. */
export async function measure(entry: readonly string[], inv: Invocation, boundMs = 600_000): Promise<Measured> {
  const marker = `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const before = listFiles(inv.work);
  const started = performance.now();
  const [command, ...rest] = entry;
  const cli = spawn(command as string, [...rest, ...inv.args], {
    cwd: inv.work,
    env: { ...process.env, ...inv.env, [markerVariable]: marker },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  cli.stderr.on("data", (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-3000);
  });
  const exited = new Promise<number | null>((resolve) => cli.on("exit", (code) => resolve(code)));
  const bound = setTimeout(() => cli.kill("SIGKILL"), boundMs);
  let signalledAt: number | undefined;
  if (inv.signal) signalledAt = await sendSignal(cli, marker, inv.signal);
  const exitCode = await exited;
  const ended = performance.now();
  clearTimeout(bound);
  await sleep(500);
  const processes = marked(marker, cli.pid).map((p) => `${p.pid} ${p.command.slice(0, 120)}`);
  for (const p of marked(marker, cli.pid)) kill(p.pid);
  return {
    exitCode,
    seconds: (ended - (signalledAt ?? started)) / 1000,
    reports: inv.reportDir === undefined ? undefined : present(join(inv.work, inv.reportDir)),
    processes,
    files: changedFiles(before, listFiles(inv.work), inv.reportDir),
    stderr,
    startUpSeconds: inv.reportDir === undefined ? undefined : startUpOf(join(inv.work, inv.reportDir, "report.json")),
  };
}

async function sendSignal(cli: ReturnType<typeof spawn>, marker: string, s: Signalled): Promise<number | undefined> {
  while (cli.exitCode === null && !marked(marker, cli.pid).some((p) => p.command.includes(s.once))) await sleep(100);
  await sleep(s.afterMs);
  if (cli.exitCode !== null) return undefined;
  cli.kill(s.signal);
  return performance.now();
}

function startUpOf(file: string): number | undefined {
  try {
    const ms = (JSON.parse(readFileSync(file, "utf8")) as { footer?: { startUpMs?: number } }).footer?.startUpMs;
    return ms === undefined ? undefined : ms / 1000;
  } catch {
    return undefined;
  }
}

function present(dir: string): string[] {
  return reportFiles.filter((f) => existsSync(join(dir, f)));
}

interface Proc {
  readonly pid: number;
  readonly command: string;
}

/** The processes whose environment holds the marker, the command itself left out. */
function marked(marker: string, self: number | undefined): Proc[] {
  const wanted = `${markerVariable}=${marker}`;
  const found: Proc[] = [];
  for (const pid of readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    if (Number(pid) === self || Number(pid) === process.pid) continue;
    try {
      if (!readFileSync(`/proc/${pid}/environ`, "latin1").split("\0").includes(wanted)) continue;
      const command = readFileSync(`/proc/${pid}/cmdline`, "latin1").split("\0").join(" ").trim();
      // A zombie waiting for its parent is gone already.
      if (command !== "") found.push({ pid: Number(pid), command });
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

function kill(pid: number): void {
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    // Gone meanwhile.
  }
}

/** Every path under dir, relative to it; a symbolic link is listed, never followed. */
export function listFiles(dir: string, base = dir): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, e.name);
    out.push(relative(base, path));
    if (e.isDirectory() && !e.isSymbolicLink()) out.push(...listFiles(path, base));
  }
  return out;
}

/**
 * Created and deleted paths outside the report folder. A report folder that is the working folder
 * itself holds the report files and bundles/: those are the run's.
 */
function changedFiles(before: readonly string[], after: readonly string[], reportDir: string | undefined): string[] {
  const own = (p: string) => {
    if (reportDir === undefined) return false;
    if (reportDir === ".") return (reportFiles as readonly string[]).includes(p) || p.startsWith("bundles/");
    return p === reportDir || p.startsWith(`${reportDir}/`);
  };
  const was = new Set(before);
  const is = new Set(after);
  return [
    ...after.filter((p) => !was.has(p) && !own(p)).map((p) => `+${p}`),
    ...before.filter((p) => !is.has(p)).map((p) => `-${p}`),
  ];
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
