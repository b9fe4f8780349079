// `matchconform run`: the corpus, then generated scenarios against the model, then the
// invariants on the implementation alone; every failure bucketed, the largest reduced.
import type { Matcher } from "../../oracles/adapters/matcher.ts";
import { clauseNames } from "../../oracles/model/clauses.ts";
import type { Bucket, RunReport } from "../../reports/runReport.ts";
import type { LoadedCase } from "../format/loadCaseFile.ts";
import { BucketCollector } from "./buckets.ts";
import { runCorpus } from "./corpusPhase.ts";
import type { ExpectedFailure } from "./expectedFailures.ts";
import { applyExpectedFailures } from "./expectedFailures.ts";
import { runGenerated } from "./generatedPhase.ts";
import { runInvariants } from "./invariantPhase.ts";
import type { RunOptions } from "./options.ts";
import type { Progress, RunClock } from "./runContext.ts";
import { RunContext } from "./runContext.ts";

export interface RunInput {
  readonly matcher: Matcher;
  readonly options: RunOptions;
  readonly cases: readonly LoadedCase[];
  readonly expected: readonly ExpectedFailure[];
  readonly header: Omit<
    RunReport["header"],
    "startedAt" | "implementation" | "input" | "kubernetesVersions" | "seed"
  > & {
    readonly command?: string;
    readonly module?: string;
  };
  readonly progress: Progress;
  /** When the run started and the signal that interrupts it: the time limit counts from then. */
  readonly clock?: RunClock;
}

/**
 * The run, ended by the time limit (shared out as runContext.ts's phaseEnds say) or by
 * `clock.signal`, whatever the implementation does: answers still pending then are abandoned and
 * counted, and the report says what was not run.
 */
export async function runConformance(input: RunInput): Promise<RunReport> {
  const started = input.clock?.startedAt ?? performance.now();
  const startedAt = new Date(Date.now() - (performance.now() - started)).toISOString();
  const buckets = new BucketCollector();
  const ctx = new RunContext(input.matcher, input.options, buckets, input.progress, input.clock);
  try {
    ctx.enter("corpus");
    const corpus = await runCorpus(ctx, input.cases);
    ctx.enter("generated");
    const generatedStart = performance.now();
    const firstBefore = buckets.countIn("generated");
    const generated = await runGenerated(ctx);
    const firstAt = firstDivergenceAt(buckets, firstBefore);
    ctx.enter("invariants");
    const invariants = await runInvariants(ctx);
    ctx.enter("reduction");
    const limit = input.options.budget.shrinkBuckets;
    // Reduction that has not ended by the deadline is given up: the buckets keep the examples they have.
    const collected = await ctx.beforeDeadline(buckets.finish(limit), () => buckets.finish(0));
    const applied = applyExpectedFailures(collected, input.expected);
    const health = input.matcher.health?.();

    const { command, module, ...header } = input.header;
    const partial = ctx.stopped
      ? `interrupted by ${ctx.stopReason}`
      : health?.broken
        ? `the implementation was declared broken: ${health.broken}`
        : undefined;
    return {
      header: {
        ...header,
        startedAt,
        implementation: { ...input.matcher.info, ...(command && { command }), ...(module && { module }) },
        input: input.matcher.input,
        kubernetesVersions: input.options.minors,
        seed: input.options.seed,
        ...(partial && { partial }),
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
        firstFailureMs: buckets.firstAt === undefined ? null : Math.round(buckets.firstAt - started),
        implementationFailures: ctx.implementationFailures,
        clauseCoverage: Object.fromEntries(clauseNames.map((c) => [c, ctx.coverage.get(c) ?? 0])),
        ...notRunOf(ctx),
        ...(health && { implementationHealth: health }),
        durationMs: Math.round(performance.now() - started),
        exitCode:
          health?.broken || ctx.answered === 0
            ? 2
            : exitCode(applied.buckets, ctx.answered, ctx.implementationFailures),
      },
    };
  } finally {
    ctx.dispose();
  }
}

function notRunOf(ctx: RunContext): { notRun?: NonNullable<RunReport["footer"]["notRun"]> } {
  const { corpus, generated, invariants } = ctx.notRun;
  if (corpus + generated + invariants + ctx.abandoned === 0) return {};
  return { notRun: { reason: ctx.stopReason, corpus, generated, invariants, abandoned: ctx.abandoned } };
}

function firstDivergenceAt(buckets: BucketCollector, before: number): number | undefined {
  return buckets.countIn("generated") > before ? buckets.firstGeneratedAt : undefined;
}

/**
 * 0: nothing diverges but expected failures; 1: something does; 2: no answer was usable (or, above,
 * none came in time or the implementation was declared broken).
 */
function exitCode(buckets: readonly Bucket[], answered: number, failures: number): 0 | 1 | 2 {
  if (answered > 0 && failures === answered) return 2;
  return buckets.some((b) => b.expectedFailure === undefined) ? 1 : 0;
}
