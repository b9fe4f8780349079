// What a run does and how long it may take: profiles and the options of `matchconform run`.
import type { Minor } from "../../oracles/model/versions.ts";

export interface RunBudget {
  /** Generated scenarios compared with the model, at most. */
  readonly numRuns: number;
  /** Wall-clock limit of the generated phase, ms. */
  readonly timeLimitMs: number;
  /** Generated scenarios per invariant, checked on the implementation alone. */
  readonly invariantRuns: number;
  /**
   * Time for the diagnosis after the phases, ms: the first example of every failure group is
   * always reduced; further examples (to tell causes that share a raw group apart) while it lasts.
   */
  readonly reduceMs: number;
}

export const profiles = {
  quick: { numRuns: 300, timeLimitMs: 10_000, invariantRuns: 20, reduceMs: 5_000 },
  default: { numRuns: 3_000, timeLimitMs: 30_000, invariantRuns: 60, reduceMs: 15_000 },
  nightly: { numRuns: 20_000, timeLimitMs: 600_000, invariantRuns: 300, reduceMs: 120_000 },
} as const satisfies Record<string, RunBudget>;

export type ProfileName = keyof typeof profiles;

export interface RunOptions {
  readonly budget: RunBudget;
  readonly seed: number;
  /** The minors to run at (already limited to those the implementation declares). */
  readonly minors: readonly Minor[];
  readonly caseFiles: readonly string[];
}
