// What a run's report and last lines say of how it was asked for: its header's options and replay
// command, the minors it runs at, the implementation, and why it did less than it promised.

import type { Matcher } from "../oracles/adapters/matcher.ts";
import type { Minor } from "../oracles/contract/versions.ts";
import { isMinor, supportedMinors } from "../oracles/contract/versions.ts";
import { shellWord, terminal } from "../reports/escape.ts";
import type { RunReport } from "../reports/runReport.ts";
import type { RunBudget } from "../suites/run/options.ts";
import type { RunArgs } from "./runArgs.ts";
import type { RunMode } from "./runMode.ts";
import { unknownsOnly } from "./runMode.ts";
import { UsageError } from "./usageError.ts";

/** Why the run did not do what it promised, on stderr: the partial report's reason, or its completion's. */
export function closingLine(r: RunReport, expectedGiven: boolean): string | undefined {
  // The reason may quote the implementation: nothing of it drives the terminal.
  if (r.header.partial) return terminal(`matchconform: partial report: ${r.header.partial}`);
  if (r.footer.exitCode === 3 && unknownsOnly(r, expectedGiven)) {
    const n = r.buckets.filter((b) => b.expectedFailure === undefined).length;
    return `matchconform: incomplete (exit 3): ${n} divergence group${n === 1 ? " was" : "s were"} not reduced before the time ran out, and no expected failure names ${n === 1 ? "its" : "their"} raw key; reduced, ${n === 1 ? "it" : "they"} may be known causes (give the run more time, or --num-runs alone)`;
  }
  const c = r.footer.completion;
  if (c?.status !== "incomplete") return undefined;
  // A divergence found outranks the unfinished work: the exit code named is the one the run gives.
  const exit = r.footer.exitCode === 3 ? " (exit 3)" : "";
  return terminal(
    `matchconform: ${c.cause === "timeLimit" || c.cause === "caseTimeout" ? `incomplete${exit}: ` : ""}${c.reason}`,
  );
}

export function implementationOf(args: RunArgs, m: Matcher): RunReport["header"]["implementation"] {
  return {
    ...m.info,
    ...(args.implementation && { command: args.implementation }),
    ...(args.module && { module: args.module }),
  };
}

export function minorsOf(args: RunArgs, declared: readonly Minor[]): Minor[] {
  if (args.kubernetesVersion !== undefined) {
    const v = args.kubernetesVersion;
    if (!isMinor(v)) throw new UsageError(`--kubernetes-version ${v} is not one of ${supportedMinors.join(", ")}`);
    if (!declared.includes(v))
      throw new UsageError(`the implementation does not declare Kubernetes ${v} (it declares ${declared.join(", ")})`);
    return [v];
  }
  if (declared.length === 0)
    throw new UsageError("the implementation declares no Kubernetes minor that format v1 covers");
  return args.allVersions ? [...declared] : [declared.at(-1) as Minor];
}

export function optionsOf(args: RunArgs, budget: RunBudget, mode: RunMode): Record<string, string | number | boolean> {
  return {
    numRuns: Number.isFinite(budget.numRuns) && budget.numRuns < Number.MAX_SAFE_INTEGER ? budget.numRuns : 0,
    timeLimitMs: Number.isFinite(budget.timeLimitMs) ? budget.timeLimitMs : 0,
    invariantRuns: budget.invariantRuns,
    allVersions: args.allVersions ?? false,
    mode,
    ...(args.failOnUnrealInputs && { failOnUnrealInputs: true }),
    ...(args.kubernetesVersion && { kubernetesVersion: args.kubernetesVersion }),
    ...(args.expectedFailures && { expectedFailures: args.expectedFailures }),
  };
}

export function replayCommand(args: RunArgs, seed: number): string {
  const q = (s: string) => `'${s.replace(/'/g, "'\\''")}'`;
  return [
    "npx matchconform run",
    args.implementation && `--implementation ${q(args.implementation)}`,
    args.module && `--module ${q(args.module)}`,
    args.kubernetesVersion && `--kubernetes-version ${args.kubernetesVersion}`,
    args.allVersions && "--all-versions",
    args.failOnUnrealInputs && "--fail-on-unreal-inputs",
    args.profile && `--profile ${args.profile}`,
    args.numRuns && `--num-runs ${args.numRuns}`,
    args.timeLimit && `--time-limit ${args.timeLimit}`,
    `--seed ${seed}`,
    args.shard && `--shard ${args.shard}`,
    ...args.cases.map(shellWord),
  ]
    .filter(Boolean)
    .join(" ");
}
