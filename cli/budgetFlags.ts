// The flags `run` and `verify` share: --profile, --num-runs, --time-limit and --seed.
import type { ProfileName, RunBudget } from "../suites/run/options.ts";
import { profiles } from "../suites/run/options.ts";
import { UsageError } from "./usageError.ts";

export interface BudgetFlags {
  readonly profile?: string | undefined;
  readonly numRuns?: string | undefined;
  readonly timeLimit?: string | undefined;
}

/** The profile's budget, with --num-runs or --time-limit in place of its own bound. */
export function budgetOf(args: BudgetFlags, defaultProfile: ProfileName): RunBudget {
  const base = profiles[(args.profile ?? defaultProfile) as ProfileName];
  if (base === undefined)
    throw new UsageError(`--profile ${args.profile} is not one of ${Object.keys(profiles).join(", ")}`);
  return {
    ...base,
    ...(args.numRuns !== undefined && {
      numRuns: wholeNumber("--num-runs", args.numRuns),
      timeLimitMs: Number.POSITIVE_INFINITY,
    }),
    ...(args.timeLimit !== undefined && {
      timeLimitMs: durationMs("--time-limit", args.timeLimit),
      numRuns: Number.MAX_SAFE_INTEGER,
    }),
  };
}

/** --seed, or a random one. */
export function seedOf(seed: string | undefined): number {
  return seed === undefined ? Math.floor(Math.random() * 2 ** 31) : wholeNumber("--seed", seed);
}

export function wholeNumber(flag: string, v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new UsageError(`${flag} ${v} is not a whole number`);
  return n;
}

/** "60s", "2m", "1500ms" or a number of seconds. */
export function durationMs(flag: string, v: string): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(v.trim());
  if (!m) throw new UsageError(`${flag} ${v} is not a duration such as 60s, 2m or 1500ms`);
  const n = Number(m[1]);
  return m[2] === "ms" ? n : m[2] === "m" ? n * 60_000 : n * 1000;
}
