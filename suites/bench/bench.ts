// `npm run bench`: throughput of the parts a run spends its time in, each next to a baseline
// measured in the same run (JSON round trip of the same scenarios), so figures compare across machines.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { scenario } from "../../generators/scenario.ts";
import { startChildMatcher } from "../../oracles/adapters/childMatcher.ts";
import { buildUpstreamOracle, hasGo } from "../../oracles/adapters/upstreamBuild.ts";
import { decide } from "../../oracles/model/decide.ts";
import { collectCaseFiles } from "../format/collectCaseFiles.ts";
import { loadCaseFile } from "../format/loadCaseFile.ts";
import { replayWithModel } from "../replay/replayCases.ts";
import { profiles } from "../run/options.ts";
import { runConformance } from "../run/run.ts";

interface Figure {
  readonly name: string;
  readonly perSecond: number;
}

async function measureAsync(name: string, work: () => Promise<number>): Promise<Figure> {
  await work();
  const start = performance.now();
  let items = 0;
  let rounds = 0;
  while (performance.now() - start < 2000 || rounds < 3) {
    items += await work();
    rounds++;
  }
  return { name, perSecond: items / ((performance.now() - start) / 1000) };
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

// Protocol round trips with a child that answers at once: the cost of the protocol itself.
const trivial = await startChildMatcher(
  `node ${fileURLToPath(new URL("../../oracles/adapters/fixtures/trivial.mjs", import.meta.url))}`,
);
const corpusQueries = cases.flatMap((c) =>
  c.tests.map((t) => ({
    kubernetesVersion: "1.37" as const,
    subject: c.subject,
    cluster: t.cluster ?? c.cluster ?? {},
    request: t.request,
  })),
);
figures.push(
  await measureAsync("protocol round trips, corpus tests (trivial child)", async () => {
    await Promise.all(corpusQueries.map((q) => trivial.match(q)));
    return corpusQueries.length;
  }),
  await measureAsync("protocol round trips, generated (trivial child)", async () => {
    await Promise.all(scenarios.map((s) => trivial.match(s)));
    return scenarios.length;
  }),
);
await trivial.close();

// The upstream Go oracle through the protocol, next to the model on the same scenarios.
if (await hasGo()) {
  const upstream = await startChildMatcher(JSON.stringify(await buildUpstreamOracle("1.37")));
  figures.push(
    await measureAsync("upstream oracle 1.37 decisions, pipelined", async () => {
      await Promise.all(scenarios.map((s) => upstream.match({ ...s, kubernetesVersion: "1.37" })));
      return scenarios.length;
    }),
  );
  await upstream.close();
} else {
  console.log("upstream oracle: not measured, Go is not on PATH");
}

const rate = (n: number) => `${Math.round(n).toLocaleString("en-US")}/s`;
console.log(`node ${process.version}, ${scenarios.length} scenarios, ${cases.length} corpus cases`);
console.log(`${baseline.name.padEnd(44)} ${rate(baseline.perSecond).padStart(12)}   1.00x`);
for (const f of figures) {
  console.log(
    `${f.name.padEnd(44)} ${rate(f.perSecond).padStart(12)}   ${(f.perSecond / baseline.perSecond).toFixed(2)}x baseline`,
  );
}

// Each miniature's default run: time to its first failure and the whole run, next to the correct
// simple matcher's run measured the same way.
const miniatureNames = execFileSync("node", ["examples/simple-matcher/simple-matcher.mjs", "--list-bugs"], {
  encoding: "utf8",
})
  .trim()
  .split("\n")
  .map((l) => l.split("\t")[0] ?? "");
const runOnce = async (command: string) => {
  const matcher = await startChildMatcher(command);
  const start = performance.now();
  const r = await runConformance({
    matcher,
    options: { budget: profiles.default, seed: 20261201, minors: ["1.37"], caseFiles: [] },
    cases,
    expected: [],
    progress: { phase() {}, tick() {} },
    header: { matchconform: "bench", profile: "default", options: {}, replay: "" },
  });
  await matcher.close();
  return { first: r.footer.firstFailureMs, total: performance.now() - start, buckets: r.buckets.length };
};
const correct = await runOnce("node examples/simple-matcher/simple-matcher.mjs");
console.log(
  `\ndefault run of the correct simple matcher: ${(correct.total / 1000).toFixed(1)} s, ${correct.buckets} buckets (baseline)`,
);
console.log(`${"miniature".padEnd(40)} ${"first failure".padStart(14)} ${"whole run".padStart(10)}  vs baseline`);
for (const bug of miniatureNames) {
  const r = await runOnce(`node examples/simple-matcher/simple-matcher.mjs --bug ${bug}`);
  const first = r.first === null ? "none" : `${(r.first / 1000).toFixed(2)} s`;
  console.log(
    `${bug.padEnd(40)} ${first.padStart(14)} ${`${(r.total / 1000).toFixed(1)} s`.padStart(10)}  ${(r.total / correct.total).toFixed(2)}x`,
  );
}
