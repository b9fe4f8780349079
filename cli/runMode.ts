// Gating that does not flake (issue 21): `--mode ci`, the default, draws the same scenarios on every
// run of one Kubernetes minor (a fixed seed per minor), so that a gate fails for what changed in the
// implementation and never for what a new seed happened to draw; `--mode explore` draws a new seed
// each run and reports what it finds without failing the gate, to be run beside it (nightly).
import type { Minor } from "../oracles/contract/versions.ts";
import { latestMinor, minorNumber } from "../oracles/contract/versions.ts";
import type { ExitCode, RunReport } from "../reports/runReport.ts";
import type { Pacing } from "../suites/run/options.ts";
import { keyedByCause } from "../suites/triage/expectedFailures.ts";
import { seedOf } from "./budgetFlags.ts";
import { UsageError } from "./usageError.ts";

export type RunMode = "ci" | "explore";

export const runModes: readonly RunMode[] = ["ci", "explore"];

export function modeOf(flag: string | undefined): RunMode {
  if (flag === undefined) return "ci";
  if (flag === "ci" || flag === "explore") return flag;
  throw new UsageError(`--mode ${flag} is not one of ${runModes.join(", ")}`);
}

/**
 * What bounds a mode's work (suites/run/options.ts Pacing): a gate does the same work on a quiet
 * and a loaded machine, its time limit only a ceiling; an exploration does what its time allows.
 */
export function pacingOf(mode: RunMode): Pacing {
  switch (mode) {
    case "ci":
      return "work";
    case "explore":
      return "time";
  }
}

/** CI's seed for a minor: 1037 for 1.37, readable in a report as the minor it stands for. */
export function ciSeed(minor: Minor): number {
  return 1000 + minorNumber(minor);
}

/**
 * The run's seed: --seed when given; otherwise in CI mode that of the latest minor tested (the
 * latest format v1 covers while none is chosen yet), and in explore mode the random one drawn at
 * the start.
 */
export function seedFor(mode: RunMode, drawn: number, given: string | undefined, minors: readonly Minor[]): number {
  if (given !== undefined) return seedOf(given);
  switch (mode) {
    case "ci":
      return ciSeed(minors.at(-1) ?? latestMinor);
    case "explore":
      return drawn;
  }
}

/**
 * Divergences the time limit left unreduced, none covered by the expected failures: keyed by their
 * raw samples, they may be known causes under another sample's key (a loaded machine reduced them at
 * one seed and not at another), so that they are reported as unreduced, not as new causes.
 */
export function unknownsOnly(report: RunReport, expectedGiven: boolean): boolean {
  const open = report.buckets.filter((b) => b.expectedFailure === undefined);
  return expectedGiven && open.length > 0 && !open.some(keyedByCause);
}

/**
 * The exit code in a mode. An exploration fails no gate for what it finds: 1 becomes 0 (bad input,
 * incomplete and signals stay). A gate with expected failures whose only open buckets are
 * unreduced ends incomplete (3), not with a new cause (1): it did not do its promised work, every
 * cause reduced, and cannot tell whether those are the known ones.
 */
export function modeExitCode(mode: RunMode, report: RunReport, expectedGiven: boolean): ExitCode {
  const code = report.footer.exitCode;
  switch (mode) {
    case "ci":
      return code === 1 && unknownsOnly(report, expectedGiven) ? 3 : code;
    case "explore":
      return code === 1 ? 0 : code;
  }
}
