// FC_SEED, FC_PATH and FC_NUM_RUNS replay or resize a property run from the environment.
import type fc from "fast-check";

export function fastCheckParameters<T>(defaultRuns: number): fc.Parameters<T> {
  const seed = process.env.FC_SEED;
  const path = process.env.FC_PATH;
  const runs = process.env.FC_NUM_RUNS;
  return {
    numRuns: runs ? Number(runs) : defaultRuns,
    ...(seed !== undefined && { seed: Number(seed) }),
    ...(path !== undefined && { path }),
  };
}
