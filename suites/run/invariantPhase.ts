// The invariants on the implementation alone: relations between its own decisions.
import fc from "fast-check";
import { scenario } from "../../generators/scenario.ts";
import { invariants } from "../../oracles/invariants/index.ts";
import type { Invariant, Query } from "../../oracles/invariants/invariant.ts";
import { toCaseFile } from "../../reports/caseFile.ts";
import type { Example } from "../../reports/runReport.ts";
import { checkInvariant } from "../properties/checkInvariant.ts";
import { reduceQuery } from "../shrink/reduceQuery.ts";
import type { RunContext } from "./runContext.ts";
import { inParallel } from "./runContext.ts";

export interface InvariantCounts {
  readonly name: string;
  checked: number;
  violated: number;
  inconclusive: number;
}

export async function runInvariants(ctx: RunContext): Promise<InvariantCounts[]> {
  const { budget, seed, minors } = ctx.options;
  const arbitrary = scenario({
    subjectKinds: ctx.matcher.subjects,
    minors,
    ...(ctx.matcher.input === "stored" && { invalidRate: 0 }),
  });
  ctx.progress.phase("invariants", invariants.length * budget.invariantRuns);
  const all: InvariantCounts[] = [];
  let done = 0;
  let violations = 0;
  for (const [i, inv] of invariants.entries()) {
    const counts: InvariantCounts = { name: inv.name, checked: 0, violated: 0, inconclusive: 0 };
    all.push(counts);
    if (!ctx.mayAsk(budget.invariantRuns)) continue; // not run: time limit
    const runSeed = seed + 1000 + i;
    const samples = fc.sample(fc.tuple(arbitrary, inv.extra), { seed: runSeed, numRuns: budget.invariantRuns });
    await inParallel(samples, 64, async ([q, extra], index) => {
      if (!ctx.mayAsk()) return; // not run: time limit
      const check = await checkInvariant(inv, q, extra, (x) => ctx.outcomeOf(x));
      if (check.result === "notApplicable") return;
      if (check.result === "inconclusive") counts.inconclusive++;
      else counts.checked++;
      if (check.result !== "violated") return;
      counts.violated++;
      violations++;
      ctx.buckets.add(
        `invariant ${inv.name}`,
        "invariant",
        q.kubernetesVersion,
        () => example(ctx, inv, check.base, check.variant, runSeed, index),
        (e) => reduce(ctx, inv, e, extra),
      );
    });
    done += budget.invariantRuns;
    ctx.progress.tick(done, violations);
  }
  return all;
}

type Side = { readonly query: Query; readonly outcome: import("../../oracles/contract/outcome.ts").Outcome };

/** The implementation's two answers; the case file holds kube-apiserver's (the model's) for both. */
function example(ctx: RunContext, inv: Invariant, base: Side, variant: Side, seed: number, index: number): Example {
  const reference = (q: Query) => ctx.model(q, false).outcome;
  return {
    phase: "invariant",
    query: base.query,
    expected: base.outcome,
    actual: { answer: "outcome", outcome: base.outcome },
    variant: { query: variant.query, actual: { answer: "outcome", outcome: variant.outcome }, relation: inv.statement },
    clauses: [],
    caseFile: toCaseFile([
      { description: `${inv.name}: base`, source: inv.source, query: base.query, outcome: reference(base.query) },
      {
        description: `${inv.name}: variant`,
        source: inv.source,
        query: variant.query,
        outcome: reference(variant.query),
      },
    ]),
    seed,
    path: String(index),
  };
}

async function reduce(ctx: RunContext, inv: Invariant, e: Example, extra: unknown): Promise<Example> {
  const violated = async (q: Query) =>
    (await checkInvariant(inv, q, extra, (x) => ctx.outcomeOf(x))).result === "violated";
  const { query } = await reduceQuery(e.query, violated, { maxCalls: 300 });
  const check = await checkInvariant(inv, query, extra, (x) => ctx.outcomeOf(x));
  if (check.result !== "violated") return e;
  return example(ctx, inv, check.base, check.variant, e.seed ?? 0, Number(e.path ?? 0));
}
