// `npx tsx suites/bench/cpuBench.ts`: the generation and decision lines of `npm run bench` for a
// fixed amount of work, in CPU time, each round interleaved with its JSON baseline. On a loaded
// machine a wall-clock figure measures the other processes (and JIT compilation starved of a
// core) as much as the code; this one does not, and so compares two trees run at different times.
import fc from "fast-check";
import type { Scenario } from "../../generators/scenario.ts";
import { scenario } from "../../generators/scenario.ts";
import { decide } from "../../oracles/model/decide.ts";

const rounds = Number(process.argv[2] ?? 6);
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const scenarios = fc.sample(scenario(), { numRuns: 2000, seed: 1 });
const spent = { json: 0, decide: 0, first: 0, generated: 0, conditions: 0 };
const items = { json: 0, decide: 0, first: 0, generated: 0, conditions: 0 };
const timed = (k: keyof typeof spent, work: () => number) => {
  const start = cpuMs();
  items[k] += work();
  spent[k] += cpuMs() - start;
};
for (let r = 0; r < rounds; r++) {
  timed("json", () => {
    for (const s of scenarios) JSON.parse(JSON.stringify(s));
    return scenarios.length;
  });
  timed("decide", () => {
    for (const s of scenarios) decide(s.subject, s.cluster, s.request, s.kubernetesVersion);
    return scenarios.length;
  });
  let drawn: readonly Scenario[] = [];
  timed("generated", () => {
    drawn = fc.sample(scenario(), { numRuns: 500, seed: 100 + r });
    return drawn.length;
  });
  // What a run's generated phase does: decide a subject just drawn, never decided before. The
  // "decide" line decides the same 2,000 subjects every round, so from the second round their
  // defaulting and validation come from the model's per-subject cache (oracles/model/decide.ts).
  timed("first", () => {
    for (const s of drawn) decide(s.subject, s.cluster, s.request, s.kubernetesVersion);
    return drawn.length;
  });
  const withBoth = scenario({ conditionRate: 0.2, paramRate: 0.2 });
  timed("conditions", () => fc.sample(withBoth, { numRuns: 500, seed: 200 + r }).length);
}
const perCpuSecond = (k: keyof typeof spent) => items[k] / (spent[k] / 1000);
const line = (name: string, k: keyof typeof spent) =>
  console.log(
    `${name.padEnd(44)} ${`${Math.round(perCpuSecond(k)).toLocaleString("en-US")}/cpu-s`.padStart(14)}   ${(perCpuSecond(k) / perCpuSecond("json")).toFixed(2)}x baseline`,
  );
console.log(`${rounds} rounds, each of every line (the first warms up with the rest)`);
line("baseline: JSON round trip of a scenario", "json");
line("model decisions (generated scenarios)", "decide");
line("model decisions, first of each subject", "first");
line("generated scenarios", "generated");
line("generated scenarios, conditions and params", "conditions");
