// Generated scenarios, each decided by the implementation and by the model; a disagreement is a
// divergence, bucketed by signature and, for the largest buckets, reduced to a minimal scenario.
import fc from "fast-check";
import { scenario } from "../../generators/scenario.ts";
import { agree } from "../../oracles/contract/agreement.ts";
import type { Query } from "../../oracles/invariants/invariant.ts";
import { toCaseFile } from "../../reports/caseFile.ts";
import type { Example } from "../../reports/runReport.ts";
import { reduceQuery } from "../shrink/reduceQuery.ts";
import type { RunContext } from "./runContext.ts";
import { inParallel } from "./runContext.ts";
import { signature } from "./signature.ts";

export interface GeneratedCounts {
  scenarios: number;
  agreed: number;
  diverged: number;
  skipped: number;
}

const batchSize = 256;

export async function runGenerated(ctx: RunContext): Promise<GeneratedCounts> {
  const { budget, seed, minors } = ctx.options;
  const counts: GeneratedCounts = { scenarios: 0, agreed: 0, diverged: 0, skipped: 0 };
  const arbitrary = scenario({
    subjectKinds: ctx.matcher.subjects,
    minors,
    ...(ctx.matcher.input === "stored" && { invalidRate: 0 }),
  });
  ctx.progress.phase("generated", budget.numRuns);
  // Until the scenarios are done or the phase's share of the run's time limit is spent.
  for (let batch = 0; counts.scenarios < budget.numRuns && !ctx.phaseOver(); batch++) {
    const n = Math.min(batchSize, budget.numRuns - counts.scenarios);
    const batchSeed = seed + batch;
    const queries = fc.sample(arbitrary, { seed: batchSeed, numRuns: n });
    await inParallel(queries, batchSize, async (q, index) => {
      const answer = await ctx.ask(q);
      if (answer === undefined) return; // not run: time limit
      counts.scenarios++;
      if (answer.answer === "skipped") {
        counts.skipped++;
        return;
      }
      const model = ctx.model(q);
      if (answer.answer === "outcome" && agree(model.outcome, answer.outcome)) {
        counts.agreed++;
        return;
      }
      counts.diverged++;
      const sig = signature(model.clauses, model.outcome.outcome, answer);
      ctx.buckets.add(
        sig,
        "generated",
        q.kubernetesVersion,
        () => example(ctx, q, batchSeed, index, answer),
        (e) => reduce(ctx, e, sig),
      );
    });
    ctx.progress.tick(counts.scenarios, counts.diverged);
  }
  if (budget.numRuns < Number.MAX_SAFE_INTEGER) ctx.notRun.generated = budget.numRuns - counts.scenarios;
  return counts;
}

function example(ctx: RunContext, query: Query, seed: number, index: number, answer?: Example["actual"]): Example {
  const model = ctx.model(query, false);
  return {
    phase: "generated",
    query,
    expected: model.outcome,
    actual: answer ?? { answer: "skipped", message: "not asked yet" },
    clauses: model.clauses,
    caseFile: toCaseFile([{ description: `generated scenario ${seed}:${index}`, query, outcome: model.outcome }]),
    seed,
    path: String(index),
  };
}

/** Removes what the divergence does not need, keeping its signature. */
async function reduce(ctx: RunContext, e: Example, sig: string): Promise<Example> {
  const stillDiverges = async (q: Query) => {
    const model = ctx.model(q, false);
    const a = await ctx.matcher.match(q);
    if (a.answer === "outcome" && agree(model.outcome, a.outcome)) return false;
    return signature(model.clauses, model.outcome.outcome, a) === sig;
  };
  const { query } = await reduceQuery(e.query, stillDiverges, { maxCalls: 400 });
  const answer = await ctx.matcher.match(query);
  const reduced = example(ctx, query, e.seed ?? 0, Number(e.path ?? 0), answer);
  return { ...reduced, seed: e.seed ?? 0, path: e.path ?? "0" };
}
