// The claimed scope in each phase: what is drawn, and what is left unsent and counted by reason.
import fc from "fast-check";
import type { ScenarioConstraints } from "../../generators/scenario.ts";
import { scenario } from "../../generators/scenario.ts";
import { sampleFamilies } from "../../generators/scenarioFamily.ts";
import type { Query } from "../../oracles/contract/query.ts";
import type { Invariant } from "../../oracles/invariants/invariant.ts";
import type { NotSent } from "../../oracles/scope/whyNotSent.ts";
import type { SkipPhase } from "../../reports/runReport.ts";
import type { RunContext } from "./runContext.ts";

/**
 * The items whose query the implementation claims, and the model or an upstream oracle decides;
 * the others are counted by reason.
 */
export function keepInScope<T>(ctx: RunContext, phase: SkipPhase, items: readonly T[], queryOf: (t: T) => Query): T[] {
  return items.filter((item) => {
    const why = ctx.whyNotSent(queryOf(item), true);
    if (why !== undefined) ctx.skips.notSent(phase, why);
    return why === undefined;
  });
}

/** What the implementation claims, as the generators' constraints. */
function claimed(ctx: RunContext): ScenarioConstraints {
  return {
    subjectKinds: ctx.matcher.subjects,
    minors: ctx.options.minors,
    capabilities: ctx.matcher.capabilities,
    ...(ctx.matcher.input === "stored" && { invalidRate: 0 }),
    // An implementation that claims matchConditions gets them (and drawn users) in a fifth of the draws.
    ...(ctx.matcher.capabilities.features.matchConditions && { conditionRate: ctx.options.conditionRate ?? 0.2 }),
    // One that claims params gets a paramKind, paramRef and param objects in a fifth of them.
    ...(ctx.matcher.capabilities.features.params && { paramRate: ctx.options.paramRate ?? 0.2 }),
  };
}

/** Generated scenarios inside the claimed scope, or undefined when it admits none. */
export function scenariosInScope(ctx: RunContext, phase: SkipPhase): fc.Arbitrary<Query> | undefined {
  try {
    return scenario(claimed(ctx));
  } catch (e) {
    ctx.skips.notSent(phase, { by: "scope", reason: `nothing to generate: ${(e as Error).message}` });
    return undefined;
  }
}

/**
 * The generated phase's draw: `n` scenarios inside the claimed scope from a seed, in families
 * (generators/scenarioFamily.ts) when the run asks for them; undefined when the scope admits none.
 */
export function generatedInScope(
  ctx: RunContext,
  phase: SkipPhase,
): ((seed: number, n: number) => Query[]) | undefined {
  const arbitrary = scenariosInScope(ctx, phase);
  if (arbitrary === undefined) return undefined;
  if (ctx.options.families !== true) return (seed, n) => fc.sample(arbitrary, { seed, numRuns: n });
  const constraints = claimed(ctx);
  return (seed, n) => sampleFamilies(constraints, n, seed);
}

/**
 * The realistic request mix the causes are ranked by (suites/triage/impact.ts): scenarios drawn
 * from the realistic vocabulary alone, inside the claimed scope, from a seed of their own, so that
 * a cause's impact reads the same whatever the run's seed.
 */
export function realisticMix(ctx: RunContext): Query[] {
  try {
    const drawn = fc.sample(scenario({ ...claimed(ctx), swarm: { focus: "realistic" } }), {
      seed: mixSeed,
      numRuns: mixSize,
    });
    return drawn.filter((q) => ctx.whyNotSent(q) === undefined);
  } catch {
    return []; // nothing to draw: the generated phase says why
  }
}

const mixSeed = 23;
const mixSize = 256;

/** Why the base or the variant of an invariant lies outside the claimed scope, if either does. */
export function pairNotSent(ctx: RunContext, inv: Invariant, q: Query, extra: unknown): NotSent | undefined {
  const pair = inv.pair(q, extra);
  return pair && (ctx.whyNotSent(pair[0]) ?? ctx.whyNotSent(pair[1]));
}
