// `matchconform run`: the corpus, then generated scenarios against the model, then the
// invariants on the implementation alone; then every failure group reduced and bucketed by cause.
import { availableParallelism, loadavg } from "node:os";
import type { ImplementationHealth, Matcher } from "../../oracles/adapters/matcher.ts";
import type { OutsideReferences } from "../../oracles/adapters/reference.ts";
import { clauseNames } from "../../oracles/model/clauses.ts";
import type { Progress } from "../../reports/progress.ts";
import type { Bucket, Completion, ContradictedTest, RunReport, SkipPhase } from "../../reports/runReport.ts";
import { verdict } from "../../reports/verdict.ts";
import type { LoadedCase } from "../format/loadCaseFile.ts";
import { diagnose } from "../triage/diagnose.ts";
import type { ExpectedFailure } from "../triage/expectedFailures.ts";
import { applyExpectedFailures } from "../triage/expectedFailures.ts";
import { FailureLog } from "../triage/failureLog.ts";
import { splitUnreal } from "../triage/unrealInputs.ts";
import { completionOf, exitCodeOf } from "./completion.ts";
import type { CorpusCounts } from "./corpusPhase.ts";
import { runCorpus } from "./corpusPhase.ts";
import type { GeneratedCounts } from "./generatedPhase.ts";
import { runGenerated } from "./generatedPhase.ts";
import type { InconsistentAnswers } from "./inconsistent.ts";
import { inconsistentAnswers, inconsistentReason } from "./inconsistent.ts";
import type { InvariantCounts } from "./invariantPhase.ts";
import { runInvariants } from "./invariantPhase.ts";
import type { ReferenceChoice, RunOptions } from "./options.ts";
import type { RunClock } from "./runContext.ts";
import { RunContext } from "./runContext.ts";
import { realisticMix } from "./scope.ts";
import { shardBudget } from "./shard.ts";

export interface RunInput {
  readonly matcher: Matcher;
  readonly options: RunOptions;
  readonly cases: readonly LoadedCase[];
  readonly expected: readonly ExpectedFailure[];
  readonly header: Omit<
    RunReport["header"],
    "startedAt" | "implementation" | "input" | "kubernetesVersions" | "capabilities" | "seed"
  > & {
    readonly command?: string;
    readonly module?: string;
  };
  readonly progress: Progress;
  /** When the run started and the signal that interrupts it: the time limit counts from then. */
  readonly clock?: RunClock;
  /**
   * Where the model stops, who decides instead: upstream oracles by minor (`--reference`), and how
   * they were chosen, for the report's header. Absent: the model alone, nothing sent beyond it.
   */
  readonly references?: {
    readonly oracles: OutsideReferences;
    readonly choice: ReferenceChoice;
    readonly note?: string;
  };
}

/**
 * The run, ended by the time limit (shared out as runContext.ts's phaseEnds say) or by
 * `clock.signal`, whatever the implementation does: answers still pending then are abandoned and
 * counted, and the report says what was not run.
 */
export async function runConformance(input: RunInput): Promise<RunReport> {
  const started = input.clock?.startedAt ?? performance.now();
  const startedAt = new Date(Date.now() - (performance.now() - started)).toISOString();
  const failures = new FailureLog();
  const ctx = new RunContext(
    input.matcher,
    input.options,
    failures,
    input.progress,
    input.clock,
    input.references?.oracles,
  );
  try {
    const phases = await runPhases(ctx, input.cases);
    // An implementation already seen answering a query two ways gets no reduction: its causes are set aside.
    const reduce = input.options.budget.reduce && ctx.watched.inconsistentQueries() === 0;
    const collected = await diagnosed(ctx, failures, reduce);
    const { causes, unreal, expectedFailures, failing, all, twoWays } = findingsOf(ctx, input, collected);
    const health = input.matcher.health?.();
    const completion = completionFor(ctx, phases, all, health, twoWays);
    const report: RunReport = {
      header: headerOf(input, ctx, startedAt, health),
      buckets: causes,
      ...(unreal.length > 0 && { unrealInputs: unreal }),
      expectedFailures,
      footer: {
        ...phases,
        firstFailureMs: failures.firstAt === undefined ? null : Math.round(failures.firstAt - started),
        skips: skipsOf(ctx, phases.corpus, phases.generated, phases.invariants),
        implementationFailures: ctx.implementationFailures,
        clauseCoverage: Object.fromEntries(clauseNames.map((c) => [c, ctx.coverage.get(c) ?? 0])),
        ...notRunOf(ctx),
        ...(health && { implementationHealth: health }),
        ...(twoWays && { inconsistentAnswers: twoWays }),
        ...(ctx.contradicted.length > 0 && {
          contradictedTests: { tests: ctx.contradicted.length, examples: contradictedExamples(ctx.contradicted) },
        }),
        durationMs: Math.round(performance.now() - started),
        startUpMs: Math.round(ctx.startUpMs),
        completion,
        exitCode: exitCodeOf(completion, failing),
      },
    };
    return { ...report, footer: { ...report.footer, verdict: verdict(report) } };
  } finally {
    ctx.dispose();
  }
}

interface Findings {
  readonly causes: Bucket[];
  readonly unreal: Bucket[];
  readonly expectedFailures: RunReport["expectedFailures"];
  /** What decides the exit code: the causes, and the unreal inputs' too with `--fail-on-unreal-inputs`. */
  readonly failing: Bucket[];
  /** Every bucket, known ones and unreal inputs' included: whether all were reduced. */
  readonly all: Bucket[];
  readonly twoWays: InconsistentAnswers | undefined;
}

/**
 * The buckets, known ones marked and inputs no real cluster produces apart (they fail the run only
 * when asked); none at all when the implementation answered a query two ways (inconsistent.ts).
 */
function findingsOf(ctx: RunContext, input: RunInput, collected: Bucket[]): Findings {
  const applied = applyExpectedFailures(collected, input.expected);
  const twoWays = inconsistentAnswers(ctx.watched, applied.buckets);
  const all = applied.buckets;
  if (twoWays) {
    const expectedFailures = { stillFailing: [], noLongerFailing: [] };
    return { causes: [], unreal: [], expectedFailures, failing: [], all, twoWays };
  }
  const { causes, unreal } = splitUnreal(ctx, applied.buckets);
  const failing = input.options.failOnUnrealInputs ? applied.buckets : causes;
  const expectedFailures = { stillFailing: applied.stillFailing, noLongerFailing: applied.noLongerFailing };
  return { causes, unreal, expectedFailures, failing, all, twoWays };
}

/**
 * Every failure group reduced and bucketed, the causes ranked by a realistic mix (asked only when
 * something diverged); reductions stop at the deadline, and a diagnosis still under way then is
 * made again unreduced.
 */
async function diagnosed(ctx: RunContext, failures: FailureLog, reduce: boolean): Promise<Bucket[]> {
  ctx.enter("reduction");
  ctx.skips.phase = undefined; // reductions ask again: not counted
  ctx.progress.phase("diagnosis", failures.groups.length);
  const mix = failures.groupCount > 0 ? realisticMix(ctx) : [];
  const ceiling = ctx.options.budget.pacing === "work" ? { probeReserveMs: ctx.probeReserveMs() } : undefined;
  return ctx.beforeDeadline(diagnose(ctx, failures, ctx.deadline, reduce, mix, ceiling), () =>
    diagnose(ctx, failures, 0),
  );
}

interface PhaseCounts {
  readonly corpus: CorpusCounts;
  readonly generated: GeneratedCounts & { readonly timeToFirstDivergenceMs: number | null };
  readonly invariants: InvariantCounts[];
}

/** The corpus, the generated scenarios and the invariants, one after the other. */
async function runPhases(ctx: RunContext, cases: readonly LoadedCase[]): Promise<PhaseCounts> {
  ctx.enter("corpus");
  const corpus = await runCorpus(ctx, cases);
  ctx.enter("generated");
  const generatedStart = performance.now();
  const firstBefore = ctx.failures.countIn("generated");
  const generated = await runGenerated(ctx);
  const firstAt = firstDivergenceAt(ctx.failures, firstBefore);
  ctx.enter("invariants");
  const invariants = await runInvariants(ctx);
  const timeToFirstDivergenceMs = firstAt === undefined ? null : Math.round(firstAt - generatedStart);
  return { corpus, generated: { ...generated, timeToFirstDivergenceMs }, invariants };
}

/** Whether the work promised was done: a shard answers for its share of it (shard.ts). */
function completionFor(
  ctx: RunContext,
  { corpus, generated, invariants }: PhaseCounts,
  buckets: RunReport["buckets"],
  health: ImplementationHealth | undefined,
  twoWays: InconsistentAnswers | undefined,
): Completion {
  const budget = shardBudget(ctx.options.budget, ctx.options.shard);
  return completionOf(
    budget,
    {
      corpus: { done: corpus.passed + corpus.failed + corpus.skipped, inScope: ctx.inScope.corpus },
      generated: { done: generated.scenarios, inScope: ctx.inScope.generated },
      invariantSamples: ctx.inScope.invariants ? invariants.map((i) => i.asked) : [],
      buckets,
    },
    {
      interrupted: ctx.stopped ? ctx.stopReason : undefined,
      broken: health?.broken ?? undefined,
      ...(twoWays && { inconsistent: inconsistentReason(twoWays, ctx.options.respondent) }),
      server: ctx.options.respondent === "server",
      answered: ctx.answered,
      failures: ctx.implementationFailures,
      abandoned: ctx.abandoned,
      timedOut: ctx.timedOut,
      timeLimitMs: budget.timeLimitMs,
      ceiling: budget.pacing === "work",
      startUpMs: ctx.startUpMs,
      machine: machineLoad(),
    },
  );
}

function headerOf(
  input: RunInput,
  ctx: RunContext,
  startedAt: string,
  health: ImplementationHealth | undefined,
): RunReport["header"] {
  const { command, module, ...header } = input.header;
  const partial = ctx.stopped
    ? `interrupted by ${ctx.stopReason}`
    : health?.broken
      ? `the implementation was declared broken: ${health.broken}`
      : undefined;
  const shard = input.options.shard;
  return {
    ...header,
    startedAt,
    implementation: { ...input.matcher.info, ...(command && { command }), ...(module && { module }) },
    input: input.matcher.input,
    kubernetesVersions: input.options.minors,
    capabilities: input.matcher.capabilities,
    subjects: input.matcher.subjects,
    seed: input.options.seed,
    ...(shard && { shard: { index: shard.index, count: shard.count } }),
    ...(partial && { partial }),
    references: referencesOf(input, ctx),
  };
}

function referencesOf(input: RunInput, ctx: RunContext): NonNullable<RunReport["header"]["references"]> {
  const note = input.references?.note;
  return {
    choice: input.references?.choice ?? "model",
    upstream: ctx.references.names,
    decided: ctx.beyondModel,
    ...(note && { note }),
  };
}

function notRunOf(ctx: RunContext): { notRun?: NonNullable<RunReport["footer"]["notRun"]> } {
  const { corpus, generated, invariants } = ctx.notRun;
  if (corpus + generated + invariants + ctx.abandoned === 0) return {};
  return { notRun: { reason: ctx.stopReason, corpus, generated, invariants, abandoned: ctx.abandoned } };
}

/** Per phase: how many units there were, how many were not decided, and why. */
function skipsOf(
  ctx: RunContext,
  corpus: CorpusCounts,
  generated: GeneratedCounts,
  invariants: readonly InvariantCounts[],
): RunReport["footer"]["skips"] {
  const scope = (p: SkipPhase) => ctx.skips.notSentCount(p);
  const corpusTotal = corpus.passed + corpus.failed + corpus.skipped + scope("corpus");
  const checks = invariants.length * ctx.options.budget.invariantRuns;
  const inconclusive = invariants.reduce((n, i) => n + i.inconclusive, 0);
  return {
    corpus: ctx.skips.summary("corpus", corpusTotal, corpus.skipped + scope("corpus")),
    generated: ctx.skips.summary(
      "generated",
      generated.scenarios + scope("generated"),
      generated.skipped + scope("generated"),
    ),
    invariants: ctx.skips.summary("invariants", checks, inconclusive + scope("invariants")),
  };
}

function firstDivergenceAt(failures: FailureLog, before: number): number | undefined {
  return failures.countIn("generated") > before ? failures.firstGeneratedAt : undefined;
}

/** "load average 24.1 on 2 cores": what a reason that blames the clock should say of the machine. */
function machineLoad(): string {
  return `load average ${(loadavg()[0] ?? 0).toFixed(1)} on ${availableParallelism()} cores`;
}

/** The contradicted tests a report shows: the first few in the corpus's order, whichever answered first. */
function contradictedExamples(all: readonly ContradictedTest[]): ContradictedTest[] {
  const key = (t: ContradictedTest) => [t.file, t.case, t.test, t.minor].join("\u0000");
  return [...all].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0)).slice(0, 20);
}
