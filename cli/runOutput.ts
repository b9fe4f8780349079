// Where `matchconform run` says what: the reporters chosen with --reporter (default: the summary;
// github: workflow commands; json: the run report on stdout), colour as the terminal and NO_COLOR /
// FORCE_COLOR want it, and progress on stderr. With json, stdout holds the report and nothing
// else: every other line goes to stderr.

import { join } from "node:path";
import type { Painter } from "../reports/colour.ts";
import { colourWanted, painter } from "../reports/colour.ts";
import { terminal } from "../reports/escape.ts";
import { githubAnnotations } from "../reports/githubReport.ts";
import { liveProgress } from "../reports/liveProgress.ts";
import type { Progress } from "../reports/progress.ts";
import type { RunReport } from "../reports/runReport.ts";
import { summary } from "../reports/runText.ts";
import { reportAsWritten } from "../reports/writeReports.ts";
import { durationMs } from "./budgetFlags.ts";
import type { Io } from "./command.ts";
import type { RunMode } from "./runMode.ts";
import { UsageError } from "./usageError.ts";

export type ReporterName = "default" | "github" | "json";

const reporterNames: readonly ReporterName[] = ["default", "github", "json"];

/** `--reporter github,json` or the flag repeated (joined by the parser); none given: default. */
export function reportersOf(flag: string | undefined): ReadonlySet<ReporterName> {
  if (flag === undefined) return new Set(["default"]);
  const names = flag.split(",").map((s) => s.trim());
  for (const n of names)
    if (!(reporterNames as readonly string[]).includes(n))
      throw new UsageError(`--reporter ${n} is not one of ${reporterNames.join(", ")}`);
  return new Set(names as ReporterName[]);
}

/** What the terminal is and wants: the streams' TTY-ness and the colour variables. */
export interface Terminal {
  readonly stdoutTTY: boolean;
  readonly stderrTTY: boolean;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Raw text to stderr, for a progress line rewritten in place. */
  readonly writeStderr: (raw: string) => void;
}

export function processTerminal(): Terminal {
  return {
    stdoutTTY: process.stdout.isTTY === true,
    stderrTTY: process.stderr.isTTY === true,
    env: process.env,
    writeStderr: (raw) => process.stderr.write(raw),
  };
}

export interface RunOutput {
  /** Lines for a person: stdout, or stderr when stdout holds the JSON report. */
  readonly say: (line: string) => void;
  readonly err: (line: string) => void;
  readonly progress: (deadline: number | undefined) => Progress & { done(): void };
  /** The run's end, as each reporter chosen shows it (the report files are written apart). */
  finish(report: RunReport, dir: string, mode: RunMode): void;
}

export interface OutputFlags {
  readonly reporter?: string | undefined;
  readonly progressInterval?: string | undefined;
}

export function runOutput(flags: OutputFlags, io: Io, t: Terminal): RunOutput {
  const reporters = reportersOf(flags.reporter);
  const intervalMs =
    flags.progressInterval === undefined ? undefined : durationMs("--progress-interval", flags.progressInterval);
  const json = reporters.has("json");
  const say = json ? io.err : io.out;
  const paint: Painter = painter(colourWanted(t.env, json ? t.stderrTTY : t.stdoutTTY));
  return {
    say,
    err: io.err,
    progress: (deadline) =>
      liveProgress({
        tty: t.stderrTTY,
        write: t.writeStderr,
        line: io.err,
        deadline,
        intervalMs,
        groups: reporters.has("github"),
      }),
    finish(report, dir, mode) {
      if (reporters.has("default")) say(summary(report, dir, paint));
      if (reporters.has("github")) {
        const place = { reportDir: dir, cwd: process.cwd(), workspace: t.env.GITHUB_WORKSPACE || process.cwd() };
        for (const l of githubAnnotations(report, place, mode === "explore" ? "warning" : "error")) say(l);
      }
      if (json) io.out(JSON.stringify(reportAsWritten(report)));
      // The folder is the user's, but may hold what drives a terminal.
      say(terminal(`reports: ${join(dir, "report.html")}, report.md, report.json, junit.xml, badge.json, bundles/`));
      const shard = report.header.shard;
      if (shard !== undefined)
        say(
          `shard ${shard.index}/${shard.count}: matchconform merge-reports <the ${shard.count} shards' report folders> writes the whole run's report`,
        );
    },
  };
}
