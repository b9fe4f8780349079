// The invariants on the implementation alone: relations between its own decisions.
import fc from "fast-check";
import type { Answer } from "../../oracles/adapters/matcher.ts";
import { invariants } from "../../oracles/invariants/index.ts";
import { checkInvariant } from "../properties/checkInvariant.ts";
import { inParallel } from "../triage/inParallel.ts";
import type { RunContext } from "./runContext.ts";
import { questionsInFlight } from "./runContext.ts";
import { pairNotSent, scenariosInScope } from "./scope.ts";
import { derivedSeed } from "./seeds.ts";
import { inShard } from "./shard.ts";

export interface InvariantCounts {
  readonly name: string;
  checked: number;
  violated: number;
  inconclusive: number;
  /** Samples drawn and considered before the phase ended (in scope or not): what its floor counts. */
  asked: number;
}

export async function runInvariants(ctx: RunContext): Promise<InvariantCounts[]> {
  const { budget, seed, shard } = ctx.options;
  // A shard checks only its invariants, each with the samples the unsharded run draws for it.
  const mine = [...invariants.entries()].filter(([i]) => inShard(shard, i));
  ctx.skips.phase = "invariants";
  const arbitrary = scenariosInScope(ctx, "invariants");
  if (arbitrary === undefined)
    return mine.map(([, i]) => ({ name: i.name, checked: 0, violated: 0, inconclusive: 0, asked: 0 }));
  ctx.inScope.invariants = true;
  ctx.progress.phase("invariants", mine.length * budget.invariantRuns);
  const all = mine.map(
    ([, inv]): InvariantCounts => ({ name: inv.name, checked: 0, violated: 0, inconclusive: 0, asked: 0 }),
  );
  let done = 0;
  let violations = 0;
  // One invariant after another; several at once for an implementation that wants more in flight (a batching server).
  await inParallel(mine, Math.max(1, Math.floor(ctx.inFlight / questionsInFlight)), async ([i, inv], k) => {
    const counts = all[k] as InvariantCounts;
    if (!ctx.mayAsk(budget.invariantRuns)) return; // not run: time limit
    const runSeed = derivedSeed(seed, "invariants", i);
    const samples = fc.sample(fc.tuple(arbitrary, inv.extra), { seed: runSeed, numRuns: budget.invariantRuns });
    await inParallel(samples, ctx.inFlight, async ([q, extra], index) => {
      if (!ctx.mayAsk()) return; // not run: time limit
      counts.asked++;
      // Not applicable when the base or the variant lies outside the claimed scope: neither is sent.
      const outside = pairNotSent(ctx, inv, q, extra);
      if (outside !== undefined) return ctx.skips.notSent("invariants", outside);
      // A check whose base or variant the implementation skipped counts once, under the first reason.
      let skipped: Answer | undefined;
      let unanswered = false;
      const check = await checkInvariant(inv, q, extra, async (x) => {
        const a = await ctx.answerOf(x);
        if (a === undefined) unanswered = true;
        if (a?.answer === "skipped") skipped ??= a;
        return a?.answer === "outcome" ? a.outcome : undefined;
      });
      if (skipped !== undefined) ctx.skips.answered(skipped);
      if (check.result === "notApplicable") return;
      // A side that got no answer (the phase's time ended, the implementation was declared broken, the
      // case timeout ran out) gives no verdict on the check: not run, with the run's stop reason.
      if (check.result === "inconclusive" && unanswered) {
        ctx.notRun.invariants++;
        return;
      }
      if (check.result === "inconclusive") counts.inconclusive++;
      else counts.checked++;
      if (check.result !== "violated") return;
      counts.violated++;
      violations++;
      ctx.failures.add(
        `invariant ${inv.name}`,
        () => ({
          phase: "invariant",
          query: check.base.query,
          expected: ctx.model(check.base.query, false).outcome,
          actual: { answer: "outcome", outcome: check.base.outcome },
          seed: runSeed,
          path: String(index),
          invariant: {
            invariant: inv,
            extra,
            variant: check.variant.query,
            baseOutcome: check.base.outcome,
            variantOutcome: check.variant.outcome,
          },
        }),
        q.kubernetesVersion,
        "invariant",
        [i, index],
      );
    });
    done += budget.invariantRuns;
    ctx.progress.tick(done, violations);
  });
  return all;
}
