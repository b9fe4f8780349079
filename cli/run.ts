// `matchconform run`: the flags read into a set-up, the implementation started, the phases run,
// and the end shown by the reporters chosen (cli/runOutput.ts) and written to the report folder.
import { join } from "node:path";
import type { Matcher } from "../oracles/adapters/matcher.ts";
import { MatcherStartError } from "../oracles/adapters/matcher.ts";
import { describeCapabilities, isFull } from "../oracles/contract/capabilities.ts";
import type { Minor } from "../oracles/contract/versions.ts";
import { defaultCorpus, packageVersion } from "../package/packageRoot.ts";
import { terminal as controlFree } from "../reports/escape.ts";
import type { ExitCode, RunReport } from "../reports/runReport.ts";
import { reportDirProblem, withReproducibility, writeReports } from "../reports/writeReports.ts";
import { loadAll } from "../suites/format/loadAll.ts";
import type { LoadedCase } from "../suites/format/loadCaseFile.ts";
import { startUpFailure } from "../suites/run/completion.ts";
import type { ReferenceChoice, RunBudget, Shard } from "../suites/run/options.ts";
import { startUpBudgetMs } from "../suites/run/options.ts";
import { runConformance } from "../suites/run/run.ts";
import { parseShard } from "../suites/run/shard.ts";
import type { ExpectedFailure } from "../suites/triage/expectedFailures.ts";
import { loadExpectedFailures } from "../suites/triage/expectedFailures.ts";
import { budgetOf, durationMs, seedOf } from "./budgetFlags.ts";
import { openImplementation } from "./implementation.ts";
import type { InterruptSignal } from "./interrupt.ts";
import { interruptExitCodes } from "./interrupt.ts";
import { withPackageFallback } from "./packageFallback.ts";
import type { ChosenReferences } from "./references.ts";
import { openReferences, referenceChoiceFor } from "./references.ts";
import type { RunArgs } from "./runArgs.ts";
import { writeRunFiles } from "./runFiles.ts";
import { closingLine, implementationOf, minorsOf, optionsOf, replayCommand } from "./runHeader.ts";
import type { RunMode } from "./runMode.ts";
import { modeExitCode, modeOf, pacingOf, seedFor } from "./runMode.ts";
import type { RunOutput, Terminal } from "./runOutput.ts";
import { processTerminal, runOutput } from "./runOutput.ts";
import type { Interrupts } from "./runSignals.ts";
import { closeWithin, onSignals, startedUnlessInterrupted } from "./runSignals.ts";
import { unfinishedReport } from "./unfinishedReport.ts";
import { UsageError } from "./usageError.ts";

export type { RunArgs } from "./runArgs.ts";

/** What the run needs before the implementation starts: every flag read, so a bad one ends it first. */
interface RunSetup {
  readonly budget: RunBudget;
  readonly mode: RunMode;
  /** Explore mode's seed, drawn once so that a report written before start-up names the same. */
  readonly drawn: number;
  readonly expected: readonly ExpectedFailure[];
  readonly cases: readonly LoadedCase[];
  readonly caseTimeoutMs: number | undefined;
  readonly referenceChoice: ReferenceChoice;
  readonly shard: Shard | undefined;
  readonly dir: string;
  readonly output: RunOutput;
}

// The run's clock starts with the command (performance.now() is 0 then), so that the report's
// start-up time counts loading the cases and starting the implementation; the time limit counts
// from the implementation's ready (suites/run/runContext.ts).
const startedAt = 0;

/** Every flag read; the corpus is loaded once the report folder is known to be writable (it takes seconds). */
function setupOf(
  args: RunArgs,
  out: (line: string) => void,
  err: (line: string) => void,
  t: Terminal,
): Omit<RunSetup, "cases"> {
  const mode = modeOf(args.mode);
  return {
    budget: budgetOf(args, "default", pacingOf(mode)),
    mode,
    drawn: seedOf(args.seed),
    expected: args.expectedFailures ? loadExpectedFailures(args.expectedFailures) : [],
    caseTimeoutMs: args.caseTimeout === undefined ? undefined : durationMs("--case-timeout", args.caseTimeout),
    referenceChoice: referenceChoiceFor(args),
    shard: shardOf(args.shard),
    dir: args.reportDir ?? join(".matchconform", "report"),
    output: runOutput(args, { out, err }, t),
  };
}

export async function run(
  args: RunArgs,
  out: (line: string) => void,
  err: (line: string) => void,
  terminal: Terminal = processTerminal(),
): Promise<number> {
  const flags = setupOf(args, out, err, terminal);
  // A folder the reports cannot go to ends the run before any work, not after it.
  const dirProblem = reportDirProblem(flags.dir);
  if (dirProblem !== undefined) {
    err(controlFree(`matchconform: ${dirProblem}`));
    return 2;
  }
  const s: RunSetup = {
    ...flags,
    cases: loadAll(args.cases.length > 0 ? withPackageFallback(args.cases, err) : [defaultCorpus]),
  };
  // From here on a signal ends the run with a report (before the implementation answers start, once it has).
  const interrupts = onSignals(err);
  try {
    const opening = openChecked(args, s, interrupts);
    const matcher = await startedUnlessInterrupted(opening, interrupts);
    if (typeof matcher === "string") {
      const why = `interrupted by ${matcher} while the implementation was starting`;
      unfinished(args, s, commandOf(args), why, interruptExitCodes[matcher]);
      return interruptExitCodes[matcher];
    }
    const opened: { references?: ChosenReferences } = {};
    try {
      return await runWith(args, s, { matcher, opened }, interrupts);
    } finally {
      await Promise.all([closeWithin(matcher, 4000), opened.references?.oracles.close()]);
    }
  } finally {
    interrupts.dispose();
  }
}

function headerOf(args: RunArgs, s: RunSetup, minors: readonly Minor[]) {
  const seed = seedFor(s.mode, s.drawn, args.seed, minors);
  return {
    matchconform: packageVersion,
    profile: args.profile ?? "default",
    options: optionsOf(args, s.budget, s.mode),
    replay: replayCommand(args, seed),
    seed,
  };
}

function written(s: RunSetup, given: RunReport): void {
  const report = withReproducibility(given);
  writeReports(s.dir, report);
  s.output.finish(report, s.dir, s.mode);
}

/** The report of a run that never got going, saying why (with a signal's exit code, if one stopped it). */
function unfinished(
  args: RunArgs,
  s: RunSetup,
  implementation: RunReport["header"]["implementation"],
  why: string,
  exitCode?: ExitCode,
) {
  const header = headerOf(args, s, []);
  const r = unfinishedReport({ header, implementation, kubernetesVersions: [], startedAt, why });
  written(s, exitCode === undefined ? r : { ...r, footer: { ...r.footer, exitCode } });
}

/** The implementation as the command line names it, before it has said its own name. */
function commandOf(args: RunArgs): RunReport["header"]["implementation"] {
  const command = args.implementation ?? args.module ?? "the implementation";
  return { name: command, version: "unknown", command };
}

async function openChecked(args: RunArgs, s: RunSetup, interrupts: Interrupts): Promise<Matcher> {
  const startTimeoutMs = startUpBudgetMs(s.budget);
  try {
    const { implementation, module, caseTimeoutMs } = { ...args, ...s };
    // The run keeps back what no reference decides (suites/run/runContext.ts whyNotSent).
    const beyondModel = s.referenceChoice !== "model";
    return await openImplementation({ implementation, module, caseTimeoutMs, startTimeoutMs, beyondModel });
  } catch (e) {
    // A child that was run but would not start still gets its report, saying why.
    // A --module runs in a child too (oracles/adapters/moduleHost.ts).
    // A signal that stopped the start writes its own report (run above).
    const started = (args.implementation ?? args.module) !== undefined && interrupts.received() === undefined;
    if (e instanceof MatcherStartError && started)
      unfinished(args, s, commandOf(args), startUpFailure(e.message, startTimeoutMs));
    throw e;
  }
}

/** What the run started and must close: the implementation, and the references once they are opened. */
interface Started {
  readonly matcher: Matcher;
  readonly opened: { references?: ChosenReferences };
}

async function runWith(
  args: RunArgs,
  s: RunSetup,
  { matcher, opened }: Started,
  interrupts: Interrupts,
): Promise<number> {
  let minors: Minor[];
  try {
    minors = minorsOf(args, matcher.kubernetesVersions);
  } catch (e) {
    if (e instanceof UsageError) unfinished(args, s, implementationOf(args, matcher), e.message);
    throw e;
  }
  const { say, err } = s.output;
  if (!isFull(matcher.capabilities))
    say(`claimed profile: ${describeCapabilities(matcher.capabilities)} (nothing outside it is generated or sent)`);
  const header = headerOf(args, s, minors);
  const references = await openReferences(s.referenceChoice, minors, err, s.caseTimeoutMs);
  opened.references = references;
  // The time limit counts from here, after start-up (suites/run/runContext.ts).
  const limit = s.budget.timeLimitMs;
  const progress = s.output.progress(Number.isFinite(limit) ? performance.now() + limit : undefined);
  const report = await runConformance({
    matcher,
    options: {
      budget: s.budget,
      seed: header.seed,
      minors,
      caseFiles: args.cases,
      shard: s.shard,
      failOnUnrealInputs: args.failOnUnrealInputs,
    },
    cases: s.cases,
    expected: s.expected,
    progress,
    header: {
      ...header,
      ...(args.implementation && { command: args.implementation }),
      ...(args.module && { module: args.module }),
    },
    clock: { startedAt, signal: interrupts.signal },
    references,
  });
  progress.done();
  // Closed before the reports are written: what its children left running is found as they end.
  await closeWithin(matcher, 4000);
  const final = withExitCode(withHealth(report, matcher), s, interrupts.received());
  written(s, final);
  writeRunFiles(args, final, s.expected, say);
  if (s.mode === "explore" && report.footer.exitCode === 1 && final.footer.exitCode === 0)
    say(
      "exploration (--mode explore): what diverged fails no gate; record the causes with --update-expected-failures or fix them",
    );
  const closing = closingLine(final, s.expected.length > 0);
  if (closing !== undefined) err(closing);
  return final.footer.exitCode;
}

/** The implementation's health as it stands once closed: the daemons its children left, found as they end. */
function withHealth(r: RunReport, m: Matcher): RunReport {
  const health = m.health?.();
  return health === undefined ? r : { ...r, footer: { ...r.footer, implementationHealth: health } };
}

/** The exit code the command ends with, kept in the report: a signal's, or the mode's reading of the run's. */
function withExitCode(report: RunReport, s: RunSetup, signal: InterruptSignal | undefined): RunReport {
  const exitCode =
    signal === undefined ? modeExitCode(s.mode, report, s.expected.length > 0) : interruptExitCodes[signal];
  return { ...report, footer: { ...report.footer, exitCode } };
}

function shardOf(text: string | undefined): Shard | undefined {
  if (text === undefined) return undefined;
  const shard = parseShard(text);
  if (shard === undefined) throw new UsageError(`--shard ${text} is not i/n with 1 ≤ i ≤ n (such as 2/4)`);
  return shard;
}
