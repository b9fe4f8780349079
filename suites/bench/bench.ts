// `npm run bench`: throughput of the parts a run spends its time in, each next to a baseline
// measured in the same run (JSON round trip of the same scenarios), so figures compare across machines.
import fc from "fast-check";
import { scenario } from "../../generators/scenario.ts";
import { decide } from "../../oracles/model/decide.ts";
import { collectCaseFiles } from "../format/collectCaseFiles.ts";
import { loadCaseFile } from "../format/loadCaseFile.ts";
import { replayWithModel } from "../replay/replayCases.ts";

interface Figure {
  readonly name: string;
  readonly perSecond: number;
}

function measure(name: string, work: () => number): Figure {
  work(); // warm up
  const start = performance.now();
  let items = 0;
  let rounds = 0;
  while (performance.now() - start < 2000 || rounds < 3) {
    items += work();
    rounds++;
  }
  return { name, perSecond: items / ((performance.now() - start) / 1000) };
}

const scenarios = fc.sample(scenario(), { numRuns: 2000, seed: 1 });
const cases = collectCaseFiles(["suites/cases"]).flatMap(loadCaseFile);
let seed = 0;

const baseline = measure("baseline: JSON round trip of a scenario", () => {
  for (const s of scenarios) JSON.parse(JSON.stringify(s));
  return scenarios.length;
});
const figures = [
  measure("model decisions (generated scenarios)", () => {
    for (const s of scenarios) decide(s.subject, s.cluster, s.request, s.kubernetesVersion);
    return scenarios.length;
  }),
  measure("generated scenarios", () => fc.sample(scenario(), { numRuns: 500, seed: seed++ }).length),
  measure("corpus tests replayed (test x minor)", () => replayWithModel(cases).length),
];

const rate = (n: number) => `${Math.round(n).toLocaleString("en-US")}/s`;
console.log(`node ${process.version}, ${scenarios.length} scenarios, ${cases.length} corpus cases`);
console.log(`${baseline.name.padEnd(44)} ${rate(baseline.perSecond).padStart(12)}   1.00x`);
for (const f of figures) {
  console.log(
    `${f.name.padEnd(44)} ${rate(f.perSecond).padStart(12)}   ${(f.perSecond / baseline.perSecond).toFixed(2)}x baseline`,
  );
}
