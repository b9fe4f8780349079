// Generated scenarios, each decided by the implementation and by the model; a disagreement is a
// divergence, logged for the diagnosis (diagnose.ts), which reduces it and finds its bucket.
import type { Answer } from "../../oracles/adapters/matcher.ts";
import type { ReferenceName, UpstreamName } from "../../oracles/adapters/reference.ts";
import { agree } from "../../oracles/contract/agreement.ts";
import type { Outcome } from "../../oracles/contract/outcome.ts";
import type { Query } from "../../oracles/contract/query.ts";
import { inParallel } from "../triage/inParallel.ts";
import { outsideSignature } from "../triage/outsideKey.ts";
import { signature } from "../triage/signature.ts";
import type { RunContext } from "./runContext.ts";
import { generatedInScope, keepInScope } from "./scope.ts";
import { derivedSeed } from "./seeds.ts";
import { batchLength, inShard, scenariosOf } from "./shard.ts";

export interface GeneratedCounts {
  scenarios: number;
  agreed: number;
  diverged: number;
  skipped: number;
}

export async function runGenerated(ctx: RunContext): Promise<GeneratedCounts> {
  const { budget, seed, shard } = ctx.options;
  // A shard draws only its batches, each from the seed the unsharded run draws it from.
  const planned = scenariosOf(budget.numRuns, shard);
  const counts: GeneratedCounts = { scenarios: 0, agreed: 0, diverged: 0, skipped: 0 };
  ctx.skips.phase = "generated";
  // Drawn inside the claimed scope; a scenario outside it is a generator bug, dropped and counted.
  const draw = generatedInScope(ctx, "generated");
  if (draw === undefined) return counts;
  ctx.inScope.generated = true;
  ctx.progress.phase("generated", planned);
  // Until the scenarios are done or the phase's share of the run's time limit is spent.
  for (let batch = 0; batchLength(budget.numRuns, batch) > 0 && !ctx.phaseOver(); batch++) {
    if (!inShard(shard, batch)) continue;
    const n = batchLength(budget.numRuns, batch);
    const batchSeed = derivedSeed(seed, "generated", batch);
    const queries = keepInScope(ctx, "generated", draw(batchSeed, n), (q) => q);
    await inParallel(queries, ctx.inFlight, async (q, index) => {
      const upstream = await ctx.upstreamFirst(q, "generated");
      if (upstream === undefined) return; // not run: no reference decided it, or the time limit
      const answer = await ctx.ask(q);
      if (answer === undefined) return; // not run: time limit
      counts.scenarios++;
      if (answer.answer === "skipped") {
        counts.skipped++;
        return;
      }
      const reference = upstream === "model" ? modelReference(ctx, q, answer) : upstreamReference(upstream, q, answer);
      if (answer.answer === "outcome" && agree(reference.outcome, answer.outcome)) {
        counts.agreed++;
        return;
      }
      counts.diverged++;
      ctx.failures.add(
        reference.signature,
        () => ({
          phase: "generated",
          query: q,
          expected: reference.outcome,
          actual: answer,
          reference: reference.by,
          seed: batchSeed,
          path: String(index),
        }),
        q.kubernetesVersion,
        "generated",
        [batch, index],
      );
    });
    ctx.progress.tick(counts.scenarios, counts.diverged);
  }
  if (planned < Number.MAX_SAFE_INTEGER) ctx.notRun.generated = Math.max(0, planned - counts.scenarios);
  return counts;
}

interface Reference {
  readonly by: ReferenceName;
  readonly outcome: Outcome;
  /** The raw group of a divergence from it. */
  readonly signature: string;
}

function modelReference(ctx: RunContext, q: Query, answer: Answer): Reference {
  const model = ctx.model(q);
  return { by: "model", outcome: model.outcome, signature: signature(model.clauses, model.outcome.outcome, answer) };
}

function upstreamReference(upstream: { by: UpstreamName; outcome: Outcome }, q: Query, answer: Answer): Reference {
  const { by, outcome } = upstream;
  return { by, outcome, signature: outsideSignature(by, q, outcome.outcome, answer) };
}
