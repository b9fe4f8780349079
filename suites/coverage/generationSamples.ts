import type { CoverageOptions } from "./clauseCoverage.ts";

/**
 * The samples the generators' distribution is compared on: the upstream agreement's draw, and a
 * runner's draw for an implementation that claims matchConditions and params (a fifth each).
 */
export const generationSamples: readonly CoverageOptions[] = [
  { numRuns: 5000, seed: 20261201, scenario: { manifestEdges: true, unrealInputs: true } },
  { numRuns: 5000, seed: 20261202, scenario: { conditionRate: 0.2, paramRate: 0.2 } },
];
