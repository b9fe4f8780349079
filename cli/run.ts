import { existsSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Matcher } from "../oracles/adapters/matcher.ts";
import { MatcherStartError } from "../oracles/adapters/matcher.ts";
import { describeCapabilities, isFull } from "../oracles/contract/capabilities.ts";
import type { Minor } from "../oracles/contract/versions.ts";
import { isMinor, supportedMinors } from "../oracles/contract/versions.ts";
import { defaultCorpus, packageVersion } from "../package/packageRoot.ts";
import { terminal } from "../reports/escape.ts";
import type { RunReport } from "../reports/runReport.ts";
import { summary, terminalProgress } from "../reports/runText.ts";
import { reportDirProblem, saveRegressions, withReproducibility, writeReports } from "../reports/writeReports.ts";
import { loadAll } from "../suites/format/loadAll.ts";
import { startUpFailure } from "../suites/run/completion.ts";
import type { RunBudget } from "../suites/run/options.ts";
import { startUpBudgetMs } from "../suites/run/options.ts";
import { runConformance } from "../suites/run/run.ts";
import type { ExpectedFailure } from "../suites/triage/expectedFailures.ts";
import {
  expectedFailuresYaml,
  loadExpectedFailures,
  updatedExpectedFailures,
} from "../suites/triage/expectedFailures.ts";
import { budgetOf, durationMs, seedOf } from "./budgetFlags.ts";
import { openImplementation } from "./implementation.ts";
import type { InterruptSignal } from "./interrupt.ts";
import { interruptExitCodes } from "./interrupt.ts";
import type { Interrupts } from "./runSignals.ts";
import { closeWithin, onSignals, startedUnlessInterrupted } from "./runSignals.ts";
import { unfinishedReport } from "./unfinishedReport.ts";
import { UsageError } from "./usageError.ts";

export interface RunArgs {
  readonly implementation?: string | undefined;
  readonly module?: string | undefined;
  readonly kubernetesVersion?: string | undefined;
  readonly allVersions?: boolean | undefined;
  readonly timeLimit?: string | undefined;
  readonly numRuns?: string | undefined;
  readonly seed?: string | undefined;
  readonly profile?: string | undefined;
  readonly expectedFailures?: string | undefined;
  /** Writes the expected-failures file this run implies (entries still failing kept, new causes added). */
  readonly updateExpectedFailures?: string | undefined;
  readonly reportDir?: string | undefined;
  readonly saveRegressions?: string | undefined;
  readonly caseTimeout?: string | undefined;
  readonly cases: readonly string[];
}

export async function run(args: RunArgs, out: (line: string) => void, err: (line: string) => void): Promise<number> {
  // The time limit counts from the command's start (performance.now() is 0 then): loading the
  // cases and starting the implementation are part of the run.
  const startedAt = 0;
  const budget = budgetOf(args, "default");
  const seed = seedOf(args.seed);
  const expected: ExpectedFailure[] = args.expectedFailures ? loadExpectedFailures(args.expectedFailures) : [];
  const caseTimeoutMs = args.caseTimeout === undefined ? undefined : durationMs("--case-timeout", args.caseTimeout);
  const limited = Number.isFinite(budget.timeLimitMs);
  const dir = args.reportDir ?? join(".matchconform", "report");
  // A folder the reports cannot go to ends the run before any work (the corpus takes seconds to load).
  const dirProblem = reportDirProblem(dir);
  if (dirProblem !== undefined) {
    err(terminal(`matchconform: ${dirProblem}`));
    return 2;
  }
  const cases = loadAll(args.cases.length > 0 ? args.cases : [defaultCorpus]);
  const header = headerOf(args, budget, seed);
  const written = (report: RunReport) => writeAndSay(dir, report, out);
  const unfinished = (implementation: RunReport["header"]["implementation"], why: string) =>
    written(unfinishedReport({ header, implementation, kubernetesVersions: [], startedAt, why }));

  // From here on a signal ends the run with a report (before the implementation answers start, once it has).
  const interrupts = onSignals(err);
  try {
    const opening = openChecked(args, caseTimeoutMs, budget, (i, why) => interrupts.received() ?? unfinished(i, why));
    const opened = await startedUnlessInterrupted(opening, interrupts);
    if (typeof opened !== "string") return await runWith(opened, interrupts);
    written(
      interruptedAtStart(
        unfinishedReport({ header, implementation: commandOf(args), kubernetesVersions: [], startedAt, why: "" }),
        opened,
      ),
    );
    return interruptExitCodes[opened];
  } finally {
    interrupts.dispose();
  }

  async function runWith(matcher: Matcher, interrupts: Interrupts): Promise<number> {
    try {
      let minors: Minor[];
      try {
        minors = minorsOf(args, matcher.kubernetesVersions);
      } catch (e) {
        if (e instanceof UsageError) unfinished(implementationOf(args, matcher), e.message);
        throw e;
      }
      if (!isFull(matcher.capabilities))
        out(`claimed profile: ${describeCapabilities(matcher.capabilities)} (nothing outside it is generated or sent)`);
      // The time limit counts from here, after start-up (suites/run/runContext.ts).
      const progress = terminalProgress(process.stderr, limited ? performance.now() + budget.timeLimitMs : undefined);
      const report = await runConformance({
        matcher,
        options: { budget, seed, minors, caseFiles: args.cases },
        cases,
        expected,
        progress,
        header: {
          ...header,
          ...(args.implementation && { command: args.implementation }),
          ...(args.module && { module: args.module }),
        },
        clock: { startedAt, signal: interrupts.signal },
      });
      progress.done();
      // Closed before the reports are written: what its children left running is found as they end.
      await closeWithin(matcher, 4000);
      const final = finalReport(report, matcher, interrupts.received());
      written(final);
      writeExtras(args, final, expected, out);
      const closing = closingLine(final);
      if (closing !== undefined) err(closing);
      return final.footer.exitCode;
    } finally {
      await closeWithin(matcher, 4000);
    }
  }
}

function writeAndSay(dir: string, given: RunReport, out: (line: string) => void): void {
  const report = withReproducibility(given);
  writeReports(dir, report);
  out(summary(report, dir));
  // The folder is the user's, but may hold what drives a terminal.
  out(terminal(`reports: ${join(dir, "report.html")}, report.md, report.json, junit.xml, badge.json, bundles/`));
}

/** The implementation as the command line names it, before it has said its own name. */
function commandOf(args: RunArgs): RunReport["header"]["implementation"] {
  const command = args.implementation ?? args.module ?? "the implementation";
  return { name: command, version: "unknown", command };
}

/** The report of a run a signal stopped before the implementation answered start (its reason given here). */
function interruptedAtStart(r: RunReport, s: InterruptSignal): RunReport {
  return {
    ...r,
    header: { ...r.header, partial: `interrupted by ${s} while the implementation was starting` },
    footer: { ...r.footer, exitCode: interruptExitCodes[s] },
  };
}

/** A child that would not start still gets its report, saying why (a --module runs in a child too). */
async function openChecked(
  args: RunArgs,
  caseTimeoutMs: number | undefined,
  budget: RunBudget,
  unfinished: (implementation: RunReport["header"]["implementation"], why: string) => void,
): Promise<Matcher> {
  try {
    return await openImplementation({
      implementation: args.implementation,
      module: args.module,
      caseTimeoutMs,
      startTimeoutMs: startUpBudgetMs(budget),
    });
  } catch (e) {
    if (e instanceof MatcherStartError && (args.implementation ?? args.module) !== undefined)
      unfinished(commandOf(args), startUpFailure(e.message, startUpBudgetMs(budget)));
    throw e;
  }
}

/**
 * The report as written: with the implementation's health as it stands once closed (the daemons
 * its children left are found as they end), and the exit code of a signal that stopped the run.
 */
function finalReport(r: RunReport, m: Matcher, signal: InterruptSignal | undefined): RunReport {
  const health = m.health?.();
  const footer = {
    ...r.footer,
    ...(health && { implementationHealth: health }),
    ...(signal !== undefined && { exitCode: interruptExitCodes[signal] }),
  };
  return { ...r, footer };
}

/** The expected-failures file and the regression case files the flags ask for. */
function writeExtras(args: RunArgs, final: RunReport, expected: ExpectedFailure[], out: (line: string) => void): void {
  if (args.updateExpectedFailures) {
    const file = args.updateExpectedFailures;
    const previous = existsSync(file) ? loadExpectedFailures(file) : expected;
    const entries = updatedExpectedFailures(final, previous);
    writeFileSync(`${file}.tmp`, expectedFailuresYaml(entries));
    renameSync(`${file}.tmp`, file);
    out(`${entries.length} expected failure${entries.length === 1 ? "" : "s"} written to ${file}`);
  }
  if (args.saveRegressions) {
    const saved = saveRegressions(args.saveRegressions, final);
    out(`${saved.length} regression case file${saved.length === 1 ? "" : "s"} written to ${args.saveRegressions}`);
  }
}

/** Why the run did not do what it promised, on stderr: the partial report's reason, or its completion's. */
function closingLine(r: RunReport): string | undefined {
  // The reason may quote the implementation: nothing of it drives the terminal.
  if (r.header.partial) return terminal(`matchconform: partial report: ${r.header.partial}`);
  const c = r.footer.completion;
  if (c?.status !== "incomplete") return undefined;
  // A divergence found outranks the unfinished work: the exit code named is the one the run gives.
  const exit = r.footer.exitCode === 3 ? " (exit 3)" : "";
  return terminal(`matchconform: ${c.cause === "timeLimit" ? `incomplete${exit}: ` : ""}${c.reason}`);
}

function headerOf(args: RunArgs, budget: RunBudget, seed: number) {
  return {
    matchconform: packageVersion,
    profile: args.profile ?? "default",
    options: optionsOf(args, budget),
    replay: replayCommand(args, seed),
    seed,
  };
}

function implementationOf(args: RunArgs, m: Matcher): RunReport["header"]["implementation"] {
  return {
    ...m.info,
    ...(args.implementation && { command: args.implementation }),
    ...(args.module && { module: args.module }),
  };
}

function minorsOf(args: RunArgs, declared: readonly Minor[]): Minor[] {
  if (args.kubernetesVersion !== undefined) {
    const v = args.kubernetesVersion;
    if (!isMinor(v)) throw new UsageError(`--kubernetes-version ${v} is not one of ${supportedMinors.join(", ")}`);
    if (!declared.includes(v))
      throw new UsageError(`the implementation does not declare Kubernetes ${v} (it declares ${declared.join(", ")})`);
    return [v];
  }
  if (declared.length === 0)
    throw new UsageError("the implementation declares no Kubernetes minor that format v1 covers");
  return args.allVersions ? [...declared] : [declared.at(-1) as Minor];
}

function optionsOf(args: RunArgs, budget: RunBudget): Record<string, string | number | boolean> {
  return {
    numRuns: Number.isFinite(budget.numRuns) && budget.numRuns < Number.MAX_SAFE_INTEGER ? budget.numRuns : 0,
    timeLimitMs: Number.isFinite(budget.timeLimitMs) ? budget.timeLimitMs : 0,
    invariantRuns: budget.invariantRuns,
    allVersions: args.allVersions ?? false,
    ...(args.kubernetesVersion && { kubernetesVersion: args.kubernetesVersion }),
    ...(args.expectedFailures && { expectedFailures: args.expectedFailures }),
  };
}

function replayCommand(args: RunArgs, seed: number): string {
  const q = (s: string) => `'${s.replace(/'/g, "'\\''")}'`;
  return [
    "npx matchconform run",
    args.implementation && `--implementation ${q(args.implementation)}`,
    args.module && `--module ${q(args.module)}`,
    args.kubernetesVersion && `--kubernetes-version ${args.kubernetesVersion}`,
    args.allVersions && "--all-versions",
    args.profile && `--profile ${args.profile}`,
    args.numRuns && `--num-runs ${args.numRuns}`,
    args.timeLimit && `--time-limit ${args.timeLimit}`,
    `--seed ${seed}`,
    ...args.cases,
  ]
    .filter(Boolean)
    .join(" ");
}
