import { existsSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Matcher } from "../oracles/adapters/matcher.ts";
import { MatcherStartError } from "../oracles/adapters/matcher.ts";
import { describeCapabilities, isFull } from "../oracles/contract/capabilities.ts";
import type { Minor } from "../oracles/contract/versions.ts";
import { isMinor, supportedMinors } from "../oracles/contract/versions.ts";
import { defaultCorpus, packageVersion } from "../package/packageRoot.ts";
import type { RunReport } from "../reports/runReport.ts";
import { summary, terminalProgress } from "../reports/runText.ts";
import { reportDirProblem, saveRegressions, withReproducibility, writeReports } from "../reports/writeReports.ts";
import { loadAll } from "../suites/format/loadAll.ts";
import { startUpFailure } from "../suites/run/completion.ts";
import type { RunBudget, Shard } from "../suites/run/options.ts";
import { startUpBudgetMs } from "../suites/run/options.ts";
import { runConformance } from "../suites/run/run.ts";
import { parseShard } from "../suites/run/shard.ts";
import type { ExpectedFailure } from "../suites/triage/expectedFailures.ts";
import {
  expectedFailuresYaml,
  loadExpectedFailures,
  updatedExpectedFailures,
} from "../suites/triage/expectedFailures.ts";
import { budgetOf, durationMs, seedOf } from "./budgetFlags.ts";
import { openImplementation } from "./implementation.ts";
import { interruptExitCodes } from "./interrupt.ts";
import type { ChosenReferences } from "./references.ts";
import { openReferences, referenceChoiceFor } from "./references.ts";
import type { Interrupts } from "./runSignals.ts";
import { closeWithin, onSignals } from "./runSignals.ts";
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
  /** Causes seen only on inputs no real cluster produces fail the run too. */
  readonly failOnUnrealInputs?: boolean | undefined;
  readonly caseTimeout?: string | undefined;
  /** Who decides where the model stops: auto (default), model, upstream. */
  readonly reference?: string | undefined;
  /** `i/n`: only the i-th of n disjoint shares of the work. */
  readonly shard?: string | undefined;
  readonly cases: readonly string[];
}

export async function run(args: RunArgs, out: (line: string) => void, err: (line: string) => void): Promise<number> {
  // The time limit counts from the command's start (performance.now() is 0 then): loading the
  // cases and starting the implementation are part of the run.
  const startedAt = 0;
  const budget = budgetOf(args, "default");
  const seed = seedOf(args.seed);
  const shard = shardOf(args.shard);
  const expected: ExpectedFailure[] = args.expectedFailures ? loadExpectedFailures(args.expectedFailures) : [];
  const cases = loadAll(args.cases.length > 0 ? args.cases : [defaultCorpus]);
  const caseTimeoutMs = args.caseTimeout === undefined ? undefined : durationMs("--case-timeout", args.caseTimeout);
  const referenceChoice = referenceChoiceFor(args);
  const limited = Number.isFinite(budget.timeLimitMs);
  const dir = args.reportDir ?? join(".matchconform", "report");
  // A folder the reports cannot go to ends the run before any work, not after it.
  const dirProblem = reportDirProblem(dir);
  if (dirProblem !== undefined) {
    err(`matchconform: ${dirProblem}`);
    return 2;
  }
  const header = headerOf(args, budget, seed);
  const written = writtenTo(dir, out);
  const unfinished = (implementation: RunReport["header"]["implementation"], why: string) =>
    written(unfinishedReport({ header, implementation, kubernetesVersions: [], startedAt, why }));

  // From here on a signal ends the run with a report (before the implementation answers start, once it has).
  const interrupts = onSignals(err);
  try {
    const opened = await openChecked(
      args,
      { caseTimeoutMs, budget, beyondModel: referenceChoice !== "model" },
      unfinished,
    );
    return await runWith(opened, interrupts);
  } finally {
    interrupts.dispose();
  }

  async function runWith(matcher: Matcher, interrupts: Interrupts): Promise<number> {
    let references: ChosenReferences | undefined;
    try {
      const minors = minorsChecked(args, matcher, unfinished);
      if (!isFull(matcher.capabilities))
        out(`claimed profile: ${describeCapabilities(matcher.capabilities)} (nothing outside it is generated or sent)`);
      references = await openReferences(referenceChoice, minors, (line) => err(line), caseTimeoutMs);
      // The time limit counts from here, after start-up (suites/run/runContext.ts).
      const progress = terminalProgress(process.stderr, limited ? performance.now() + budget.timeLimitMs : undefined);
      const report = await runConformance({
        matcher,
        options: { budget, seed, minors, caseFiles: args.cases, shard, failOnUnrealInputs: args.failOnUnrealInputs },
        cases,
        expected,
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
      const signal = interrupts.received();
      const final =
        signal === undefined
          ? report
          : { ...report, footer: { ...report.footer, exitCode: interruptExitCodes[signal] } };
      written(final);
      afterReport(args, final, expected, out);
      const closing = closingLine(final);
      if (closing !== undefined) err(closing);
      return final.footer.exitCode;
    } finally {
      await Promise.all([closeWithin(matcher, 4000), references?.oracles.close()]);
    }
  }
}

/** Writes the reports to `dir` and says so on `out`. */
function writtenTo(dir: string, out: (line: string) => void): (given: RunReport) => void {
  return (given) => {
    const report = withReproducibility(given);
    writeReports(dir, report);
    out(summary(report, dir));
    out(`reports: ${join(dir, "report.html")}, report.md, report.json, junit.xml, badge.json, bundles/`);
    const shard = report.header.shard;
    if (shard !== undefined)
      out(
        `shard ${shard.index}/${shard.count}: matchconform merge-reports <the ${shard.count} shards' report folders> writes the whole run's report`,
      );
  };
}

/** The implementation, started; one that was run but would not start still gets its report, saying why. */
async function openChecked(
  args: RunArgs,
  o: { readonly caseTimeoutMs: number | undefined; readonly budget: RunBudget; readonly beyondModel: boolean },
  unfinished: (implementation: RunReport["header"]["implementation"], why: string) => void,
): Promise<Matcher> {
  try {
    return await openImplementation({
      implementation: args.implementation,
      module: args.module,
      caseTimeoutMs: o.caseTimeoutMs,
      startTimeoutMs: startUpBudgetMs(o.budget),
      // The run keeps back what no reference decides (suites/run/runContext.ts whyNotSent).
      beyondModel: o.beyondModel,
    });
  } catch (e) {
    // A --module runs in a child too (oracles/adapters/moduleHost.ts).
    const command = args.implementation ?? args.module;
    if (e instanceof MatcherStartError && command !== undefined)
      unfinished({ name: command, version: "unknown", command }, startUpFailure(e.message, startUpBudgetMs(o.budget)));
    throw e;
  }
}

/** The files a finished run writes besides its reports: the expected failures it implies, its regressions. */
function afterReport(
  args: RunArgs,
  final: RunReport,
  expected: readonly ExpectedFailure[],
  out: (line: string) => void,
) {
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
  if (r.header.partial) return `matchconform: partial report: ${r.header.partial}`;
  const c = r.footer.completion;
  if (c?.status !== "incomplete") return undefined;
  return `matchconform: ${c.cause === "timeLimit" ? "incomplete (exit 3): " : ""}${c.reason}`;
}

function shardOf(text: string | undefined): Shard | undefined {
  if (text === undefined) return undefined;
  const shard = parseShard(text);
  if (shard === undefined) throw new UsageError(`--shard ${text} is not i/n with 1 ≤ i ≤ n (such as 2/4)`);
  return shard;
}

function implementationOf(args: RunArgs, m: Matcher): RunReport["header"]["implementation"] {
  return {
    ...m.info,
    ...(args.implementation && { command: args.implementation }),
    ...(args.module && { module: args.module }),
  };
}

/** The run's minors; a choice the implementation cannot meet still gets its report, saying why. */
function minorsChecked(
  args: RunArgs,
  matcher: Matcher,
  unfinished: (implementation: RunReport["header"]["implementation"], why: string) => void,
): Minor[] {
  try {
    return minorsOf(args, matcher.kubernetesVersions);
  } catch (e) {
    if (e instanceof UsageError) unfinished(implementationOf(args, matcher), e.message);
    throw e;
  }
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

function headerOf(args: RunArgs, budget: RunBudget, seed: number) {
  return {
    matchconform: packageVersion,
    profile: args.profile ?? "default",
    options: optionsOf(args, budget),
    replay: replayCommand(args, seed),
    seed,
  };
}

function optionsOf(args: RunArgs, budget: RunBudget): Record<string, string | number | boolean> {
  return {
    numRuns: Number.isFinite(budget.numRuns) && budget.numRuns < Number.MAX_SAFE_INTEGER ? budget.numRuns : 0,
    timeLimitMs: Number.isFinite(budget.timeLimitMs) ? budget.timeLimitMs : 0,
    invariantRuns: budget.invariantRuns,
    allVersions: args.allVersions ?? false,
    ...(args.failOnUnrealInputs && { failOnUnrealInputs: true }),
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
    args.failOnUnrealInputs && "--fail-on-unreal-inputs",
    args.profile && `--profile ${args.profile}`,
    args.numRuns && `--num-runs ${args.numRuns}`,
    args.timeLimit && `--time-limit ${args.timeLimit}`,
    `--seed ${seed}`,
    args.shard && `--shard ${args.shard}`,
    ...args.cases,
  ]
    .filter(Boolean)
    .join(" ");
}
