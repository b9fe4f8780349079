// Writes generationBaseline.json: the clause hits of the generators as they stand, at the seeds and
// counts generationSpeed.test.ts compares with, so that a faster generator shows it draws the same.
//   npx tsx suites/coverage/recordGenerationBaseline.ts > suites/coverage/generationBaseline.json
import { execFileSync } from "node:child_process";
import { measureCoverage } from "./clauseCoverage.ts";
import { generationSamples } from "./generationSamples.ts";

const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
const runs = generationSamples.map((s) => {
  const run = measureCoverage(s);
  return { ...s, hits: Object.fromEntries([...run.hits].filter(([, n]) => n > 0)), outcomes: run.outcomes };
});
const description = `Clause hits of the generators at commit ${commit}, written by \`npx tsx suites/coverage/recordGenerationBaseline.ts\`: what generationSpeed.test.ts holds faster generators to.`;
console.log(JSON.stringify({ description, runs }, null, 2));
