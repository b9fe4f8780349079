// What a run does and how long it may take: profiles and the options of `matchconform run`.
import type { Minor } from "../../oracles/contract/versions.ts";

/**
 * What bounds a run's work. `work` (`run --mode ci`, the default): the seed and the counts alone
 * (scenarios, invariant samples, each reduction's calls), so that a quiet and a loaded machine do the
 * same work and report the same causes; the time limit is only a ceiling against a hang or an
 * absurdly slow implementation, and a run that reaches it is incomplete (exit 3), never green with
 * less work. `time` (`--mode explore`, `verify`): the phases share the time limit out (runContext.ts
 * phaseEnds) and do what fits in it, down to the profile's floor.
 */
export type Pacing = "work" | "time";

export interface RunBudget {
  /** Generated scenarios compared with the model, at most. */
  readonly numRuns: number;
  /**
   * Wall-clock limit of the whole run, ms, from the start of the implementation to the report
   * (shared out between the phases as runContext.ts's phaseEnds say; the generated phase ends by
   * 60 % of it, the default profile's 60 s keeping its former 30 s or so of generated scenarios).
   * It counts from the implementation's ready: start-up has its own budget (startUpBudgetMs).
   */
  readonly timeLimitMs: number;
  /** Generated scenarios per invariant, checked on the implementation alone. */
  readonly invariantRuns: number;
  /**
   * Reduce failures to minimal cases before bucketing them (docs/diagnosis.md), in the time the
   * phases leave (at least the last 20 % of the limit). Off for `verify`, where each call of a
   * reduction is a round trip to a real API server.
   */
  readonly reduce: boolean;
  /**
   * The least the run must do to be complete; below it the run exits 3, never 0. Absent (a budget
   * built by hand): every scenario and invariant sample the budget asks for.
   */
  readonly minimum?: RunMinimum;
  /** Absent: `time`. */
  readonly pacing?: Pacing;
}

/**
 * What a profile promises at the least (issue 19: a run is green only when it was done): besides
 * every corpus test inside the implementation's claimed scope, a floor of generated scenarios and
 * of samples drawn for each invariant (lower when --num-runs or the profile asks fewer), and every
 * cause reduced. Floors sit well below the profiles' counts: a 10 ms implementation on a loaded
 * 2-core machine reaches them; a run cut short of them by its time limit says so and exits 3.
 */
export interface RunMinimum {
  readonly generated: number;
  readonly invariantSamples: number;
}

export const profiles = {
  quick: {
    numRuns: 300,
    timeLimitMs: 20_000,
    invariantRuns: 20,
    reduce: true,
    minimum: { generated: 100, invariantSamples: 10 },
  },
  default: {
    numRuns: 3_000,
    timeLimitMs: 60_000,
    invariantRuns: 60,
    reduce: true,
    minimum: { generated: 1_000, invariantSamples: 30 },
  },
  nightly: {
    numRuns: 20_000,
    timeLimitMs: 1_200_000,
    invariantRuns: 300,
    reduce: true,
    minimum: { generated: 10_000, invariantSamples: 150 },
  },
} as const satisfies Record<string, RunBudget>;

/**
 * How long a child implementation has to answer start: its own budget, not what the phases' time
 * limit leaves (that shrank to a 1 s floor on a loaded machine, and healthy children were declared
 * broken). As long as the time limit, between 10 s and 30 s: a short run still ends soon after a
 * child that never starts; in work pacing a fifth of the ceiling, between 10 s and 2 min.
 */
export function startUpBudgetMs(budget: RunBudget): number {
  // Under a ceiling, start-up may take what a loaded machine needs (Kyverno's took 55-85 s).
  if (budget.pacing === "work") return Math.min(120_000, Math.max(10_000, budget.timeLimitMs / 5));
  return Math.min(30_000, Math.max(10_000, budget.timeLimitMs));
}

export type ProfileName = keyof typeof profiles;

/**
 * Each profile's ceiling in work pacing: many times what its work takes a 10 ms implementation on
 * a loaded 2-core machine (the simple matcher's default run at load 35 takes about 2 minutes,
 * reductions included), so that it ends only a hung or absurdly slow implementation's run (Kyverno's
 * offline path, at about 100 ms an answer under that load, needed more than 10 minutes).
 */
export const ceilingsMs: Record<ProfileName, number> = {
  quick: 300_000,
  default: 1_200_000,
  nightly: 7_200_000,
};

/**
 * The profile run in work pacing: all its scenarios and samples promised (no floor below them),
 * its time limit the ceiling.
 */
export function workPaced(name: ProfileName): RunBudget {
  const { numRuns, invariantRuns, reduce } = profiles[name];
  return { numRuns, invariantRuns, reduce, timeLimitMs: ceilingsMs[name], pacing: "work" };
}

/** One of `count` disjoint shares of a run's work (`run --shard index/count`), `index` from 1. */
export interface Shard {
  readonly index: number;
  readonly count: number;
}

export interface RunOptions {
  readonly budget: RunBudget;
  readonly seed: number;
  /** The minors to run at (already limited to those the implementation declares). */
  readonly minors: readonly Minor[];
  readonly caseFiles: readonly string[];
  /** The share of generated scenarios with matchConditions, when claimed (default 0.2). */
  readonly conditionRate?: number | undefined;
  /** The share of generated scenarios with params, when claimed (default 0.2). */
  readonly paramRate?: number | undefined;
  /**
   * Generated scenarios drawn in families of one subject and cluster (generators/scenarioFamily.ts),
   * which the real server's oracle decides for the price of one probe each (default false).
   */
  readonly families?: boolean | undefined;
  /**
   * Causes seen only on inputs no real cluster produces (report.json unrealInputs) fail the run too
   * (default false: they are reported apart and do not fail it on their own).
   */
  readonly failOnUnrealInputs?: boolean | undefined;
  /** Only this share of the work (suites/run/shard.ts); absent, all of it. */
  readonly shard?: Shard | undefined;
  /**
   * Who answers: an implementation under test (the default), or the real kube-apiserver itself
   * (`verify`). A server that answers one query two ways is the server's or its infrastructure's
   * fault (a cache not yet synced, a lost webhook call, a neighbour changing the cluster), not a
   * divergence and not a bad input: the run ends with its own cause (`unreliableServer`) and exit 4.
   */
  readonly respondent?: Respondent | undefined;
}

export type Respondent = "implementation" | "server";

/**
 * `--reference`: who decides where the model stops (oracles/model/outsideModel.ts). `model`: nobody,
 * such queries are not sent; `upstream`: the upstream oracle of each minor, built if need be (minutes,
 * Go needed; a run that cannot have it ends with exit 2); `auto` (the default): the upstream oracle
 * of each minor whose binary is already built in the cache, never a build on the run's clock.
 */
export const referenceChoices = ["auto", "model", "upstream"] as const;
export type ReferenceChoice = (typeof referenceChoices)[number];
