// A whole conformance run from code, as `matchconform run` does it but writing nothing: the
// corpus, generated scenarios against the model, the invariants, and every failure diagnosed.

import type { Matcher } from "../oracles/adapters/matcher.ts";
import type { Minor } from "../oracles/contract/versions.ts";
import { defaultCorpus, packageVersion } from "../package/packageRoot.ts";
import type { Progress } from "../reports/progress.ts";
import type { RunReport } from "../reports/runReport.ts";
import { loadAll } from "../suites/format/loadAll.ts";
import type { LoadedCase } from "../suites/format/loadCaseFile.ts";
import type { Pacing, ProfileName, RunBudget } from "../suites/run/options.ts";
import { profiles, workPaced } from "../suites/run/options.ts";
import { runConformance } from "../suites/run/run.ts";
import type { ExpectedFailure } from "../suites/triage/expectedFailures.ts";

export interface SuiteOptions {
  readonly matcher: Matcher;
  /** Default quick; `budget` overrides it. */
  readonly profile?: ProfileName;
  /**
   * Default `work`, as `matchconform run`'s default `--mode ci`: the profile's work all done, its
   * time limit only a ceiling against a hang, so that a loaded machine reports what a quiet one
   * does. `time`: the phases share the profile's time limit out and do what fits in it (`--mode
   * explore`). `budget` overrides both.
   */
  readonly pacing?: Pacing;
  readonly budget?: RunBudget;
  /** Default 1, so that a run can be repeated. */
  readonly seed?: number;
  /** Default the latest minor the matcher declares. */
  readonly minors?: readonly Minor[];
  /** Default the corpus shipped with the package. */
  readonly cases?: readonly LoadedCase[];
  readonly expected?: readonly ExpectedFailure[];
  readonly progress?: Progress;
}

const silent: Progress = { phase: () => {}, tick: () => {} };

/** The budget a run of `runSuite(o)` has: `o.budget`, or the profile in `o.pacing`'s pacing. */
export function suiteBudget(o: Pick<SuiteOptions, "profile" | "pacing" | "budget">): RunBudget {
  const profile = o.profile ?? "quick";
  return o.budget ?? ((o.pacing ?? "work") === "work" ? workPaced(profile) : profiles[profile]);
}

/** Runs the suite on `matcher` (it is not closed) and returns the report `report.json` would hold. */
export function runSuite(o: SuiteOptions): Promise<RunReport> {
  const profile = o.profile ?? "quick";
  const seed = o.seed ?? 1;
  const latest = o.matcher.kubernetesVersions.at(-1);
  const minors = o.minors ?? (latest === undefined ? [] : [latest]);
  return runConformance({
    matcher: o.matcher,
    options: { budget: suiteBudget(o), seed, minors, caseFiles: [] },
    cases: o.cases ?? loadAll([defaultCorpus]),
    expected: o.expected ?? [],
    progress: o.progress ?? silent,
    header: { matchconform: packageVersion, profile, options: {}, replay: `runSuite({ seed: ${seed} })` },
  });
}
