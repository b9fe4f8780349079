// What a run does and how long it may take: profiles and the options of `matchconform run`.
import type { Minor } from "../../oracles/contract/versions.ts";

export interface RunBudget {
  /** Generated scenarios compared with the model, at most. */
  readonly numRuns: number;
  /**
   * Wall-clock limit of the whole run, ms, from the start of the implementation to the report
   * (shared out between the phases as runContext.ts's phaseEnds say; the generated phase ends by
   * 60 % of it, the default profile's 60 s keeping its former 30 s or so of generated scenarios).
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
}

export const profiles = {
  quick: { numRuns: 300, timeLimitMs: 20_000, invariantRuns: 20, reduce: true },
  default: { numRuns: 3_000, timeLimitMs: 60_000, invariantRuns: 60, reduce: true },
  nightly: { numRuns: 20_000, timeLimitMs: 1_200_000, invariantRuns: 300, reduce: true },
} as const satisfies Record<string, RunBudget>;

export type ProfileName = keyof typeof profiles;

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
}
