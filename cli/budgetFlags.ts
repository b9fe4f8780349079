// The flags `run` and `verify` share: --profile, --num-runs, --time-limit and --seed.
import type { Pacing, ProfileName, RunBudget } from "../suites/run/options.ts";
import { profiles, workPaced } from "../suites/run/options.ts";
import { UsageError } from "./usageError.ts";

export interface BudgetFlags {
  readonly profile?: string | undefined;
  readonly numRuns?: string | undefined;
  readonly timeLimit?: string | undefined;
}

/**
 * The profile's budget, with --num-runs or --time-limit in place of its own bounds.
 *
 * In `time` pacing (`run --mode explore`, `verify`): one of them alone is the only bound (as many
 * scenarios as the time allows, or all of them however long they take); both given, both bound,
 * whichever comes first.
 *
 * In `work` pacing (`run --mode ci`): the work is the profile's or --num-runs', all of it done;
 * the time limit is a ceiling against a hang (options.ts ceilingsMs), --time-limit in its place.
 * --num-runs alone sets no ceiling, as in time pacing: every scenario, however long it takes.
 */
export function budgetOf(args: BudgetFlags, defaultProfile: ProfileName, pacing: Pacing = "time"): RunBudget {
  const name = (args.profile ?? defaultProfile) as ProfileName;
  const base = profiles[name];
  if (base === undefined)
    throw new UsageError(`--profile ${args.profile} is not one of ${Object.keys(profiles).join(", ")}`);
  const numRuns = args.numRuns === undefined ? undefined : wholeNumber("--num-runs", args.numRuns);
  const timeLimitMs = args.timeLimit === undefined ? undefined : durationMs("--time-limit", args.timeLimit);
  if (pacing === "work") {
    const work = workPaced(name);
    if (numRuns === undefined) return { ...work, timeLimitMs: timeLimitMs ?? work.timeLimitMs };
    return { ...work, numRuns, timeLimitMs: timeLimitMs ?? Number.POSITIVE_INFINITY };
  }
  if (numRuns === undefined && timeLimitMs === undefined) return base;
  return {
    ...base,
    numRuns: numRuns ?? Number.MAX_SAFE_INTEGER,
    timeLimitMs: timeLimitMs ?? Number.POSITIVE_INFINITY,
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
  const ms = m[2] === "ms" ? n : m[2] === "m" ? n * 60_000 : n * 1000;
  // A zero timeout blames every implementation; Node fires a longer timer than 2^31-1 ms at once.
  if (ms < 1) throw new UsageError(`${flag} ${v} is shorter than 1 ms`);
  if (ms > maxTimerMs)
    throw new UsageError(`${flag} ${v} is longer than the ${maxTimerMs} ms (24.8 days) a timer can wait`);
  return ms;
}

/** The longest delay setTimeout honours. */
export const maxTimerMs = 2 ** 31 - 1;
