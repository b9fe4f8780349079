// `matchconform coverage [--num-runs N] [--seed S]`
import { coverageTable } from "../reports/coverageTable.ts";
import { defaultCoverage, measureCoverage } from "../suites/coverage/clauseCoverage.ts";
import { UsageError } from "./usageError.ts";

export function coverage(numRuns: string | undefined, seed: string | undefined, out: (line: string) => void): number {
  const runs = numRuns === undefined ? defaultCoverage.numRuns : Number(numRuns);
  const s = seed === undefined ? defaultCoverage.seed : Number(seed);
  if (!Number.isInteger(runs) || runs <= 0)
    throw new UsageError(`--num-runs ${numRuns} is not a positive whole number`);
  if (!Number.isInteger(s)) throw new UsageError(`--seed ${seed} is not a whole number`);
  out(coverageTable(measureCoverage({ numRuns: runs, seed: s })));
  return 0;
}
