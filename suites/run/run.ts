// `matchconform run`: the corpus, then generated scenarios against the model, then the
// invariants on the implementation alone; then every failure group reduced and bucketed by cause.
import type { Matcher } from "../../oracles/adapters/matcher.ts";
import { clauseNames } from "../../oracles/model/clauses.ts";
import type { Bucket, RunReport, SkipPhase } from "../../reports/runReport.ts";
import type { LoadedCase } from "../format/loadCaseFile.ts";
import type { CorpusCounts } from "./corpusPhase.ts";
import { runCorpus } from "./corpusPhase.ts";
import { diagnose } from "./diagnose.ts";
import type { ExpectedFailure } from "./expectedFailures.ts";
import { applyExpectedFailures } from "./expectedFailures.ts";
import { FailureLog } from "./failureLog.ts";
import type { GeneratedCounts } from "./generatedPhase.ts";
import { runGenerated } from "./generatedPhase.ts";
import type { InvariantCounts } from "./invariantPhase.ts";
import { runInvariants } from "./invariantPhase.ts";
import type { RunOptions } from "./options.ts";
import type { Progress } from "./runContext.ts";
import { RunContext } from "./runContext.ts";

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
}

export async function runConformance(input: RunInput): Promise<RunReport> {
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const failures = new FailureLog();
  const ctx = new RunContext(input.matcher, input.options, failures, input.progress);

  const corpus = await runCorpus(ctx, input.cases);
  const generatedStart = performance.now();
  const firstBefore = failures.countIn("generated");
  const generated = await runGenerated(ctx);
  const firstAt = firstDivergenceAt(failures, firstBefore);
  const invariants = await runInvariants(ctx);
  ctx.skips.phase = undefined; // reductions ask again: not counted
  ctx.progress.phase("diagnosis", failures.groups.length);
  const collected = await diagnose(ctx, failures, performance.now() + input.options.budget.reduceMs);
  const applied = applyExpectedFailures(collected, input.expected);

  const { command, module, ...header } = input.header;
  return {
    header: {
      ...header,
      startedAt,
      implementation: { ...input.matcher.info, ...(command && { command }), ...(module && { module }) },
      input: input.matcher.input,
      kubernetesVersions: input.options.minors,
      capabilities: input.matcher.capabilities,
      seed: input.options.seed,
    },
    buckets: applied.buckets,
    expectedFailures: { stillFailing: applied.stillFailing, noLongerFailing: applied.noLongerFailing },
    footer: {
      corpus,
      generated: {
        ...generated,
        timeToFirstDivergenceMs: firstAt === undefined ? null : Math.round(firstAt - generatedStart),
      },
      invariants,
      firstFailureMs: failures.firstAt === undefined ? null : Math.round(failures.firstAt - started),
      skips: skipsOf(ctx, corpus, generated, invariants),
      implementationFailures: ctx.implementationFailures,
      clauseCoverage: Object.fromEntries(clauseNames.map((c) => [c, ctx.coverage.get(c) ?? 0])),
      durationMs: Math.round(performance.now() - started),
      exitCode: exitCode(applied.buckets, ctx.answered, ctx.implementationFailures),
    },
  };
}

/** Per phase: how many units there were, how many were not decided, and why. */
function skipsOf(
  ctx: RunContext,
  corpus: CorpusCounts,
  generated: GeneratedCounts,
  invariants: readonly InvariantCounts[],
): RunReport["footer"]["skips"] {
  const scope = (p: SkipPhase) => ctx.skips.outOfScopeCount(p);
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

/** 0: nothing diverges but expected failures; 1: something does; 2: no answer was usable. */
function exitCode(buckets: readonly Bucket[], answered: number, failures: number): 0 | 1 | 2 {
  if (answered > 0 && failures === answered) return 2;
  return buckets.some((b) => b.expectedFailure === undefined) ? 1 : 0;
}
