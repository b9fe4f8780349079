// `npm run bench`: throughput of the parts a run spends its time in, each next to a baseline
// measured in the same run (JSON round trip of the same scenarios), so figures compare across machines.
import { accessSync, constants, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import type { Scenario } from "../../generators/scenario.ts";
import { scenario } from "../../generators/scenario.ts";
import { sampleFamilies } from "../../generators/scenarioFamily.ts";
import { startChildMatcher } from "../../oracles/adapters/childMatcher.ts";
import type { Answer } from "../../oracles/adapters/matcher.ts";
import { buildUpstreamOracle, hasGo } from "../../oracles/adapters/upstreamBuild.ts";
import type { ApiserverMatcherOptions } from "../../oracles/apiserver/apiserverMatcher.ts";
import { startApiserverMatcher } from "../../oracles/apiserver/apiserverMatcher.ts";
import { skipLines } from "../../oracles/apiserver/batch/skipReasons.ts";
import { buildControlPlane } from "../../oracles/apiserver/buildControlPlane.ts";
import { down, up } from "../../oracles/apiserver/controlPlane/localControlPlane.ts";
import { cpuMs } from "../../oracles/apiserver/controlPlane/processCpu.ts";
import type { Query } from "../../oracles/contract/query.ts";
import { decide } from "../../oracles/model/decide.ts";
import { defaultCorpus } from "../../package/packageRoot.ts";
import { collectCaseFiles } from "../format/collectCaseFiles.ts";
import { loadCaseFile } from "../format/loadCaseFile.ts";
import { replayWithModel } from "../replay/replayCases.ts";
import { measureDiagnosis, runBugs } from "./diagnosisQuality.ts";
import { measureStartup } from "./startup.ts";

interface Figure {
  readonly name: string;
  readonly perSecond: number;
}

// Each line is timed for 2 s after 1 s of the same work: one round of warm-up left a line that JIT
// compiles many functions (generation: a few dozen, each drawing part of a scenario) timed mostly
// before they were optimised, while the JSON baseline, native code, needs none.
const warmUpMs = 1000;

async function measureAsync(name: string, work: () => Promise<number>): Promise<Figure> {
  const warm = performance.now();
  do await work();
  while (performance.now() - warm < warmUpMs);
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
  const warm = performance.now();
  do work();
  while (performance.now() - warm < warmUpMs);
  const start = performance.now();
  let items = 0;
  let rounds = 0;
  while (performance.now() - start < 2000 || rounds < 3) {
    items += work();
    rounds++;
  }
  return { name, perSecond: items / ((performance.now() - start) / 1000) };
}

/**
 * The scenarios of the generation line's first 40 seeds, drawn again and decided once each: a
 * decision of a subject the model has not seen, as in a run's generated phase. The decisions line
 * decides the same 2,000 subjects round after round, so from its second round their defaulting and
 * validation are replayed from the model's per-subject cache (oracles/model/decide.ts), as when a
 * run's triage decides a subject again. The scenarios are let go once decided.
 */
function firstDecisions(): Figure {
  const drawn: Scenario[] = [];
  for (let s = 0; s < 40; s++) drawn.push(...fc.sample(scenario(), { numRuns: 500, seed: s }));
  return once("model decisions, first of each subject", () => {
    for (const s of drawn) decide(s.subject, s.cluster, s.request, s.kubernetesVersion);
    return drawn.length;
  });
}

/** Work that can be done only once (it changes what a second pass would measure). */
function once(name: string, work: () => number): Figure {
  const start = performance.now();
  const items = work();
  return { name, perSecond: items / ((performance.now() - start) / 1000) };
}

const scenarios = fc.sample(scenario(), { numRuns: 2000, seed: 1 });
const cases = collectCaseFiles([defaultCorpus]).flatMap(loadCaseFile);
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
  // Keeps nothing it draws, as the baseline keeps no copy: holding the 20,000 scenarios the next
  // line decides while timing (as it once did) cost this line about 40 % of its rate in GC.
  measure("generated scenarios", () => fc.sample(scenario(), { numRuns: 500, seed: seed++ }).length),
  firstDecisions(),
  // As the generated phase draws for an implementation that claims matchConditions and params.
  measure(
    "generated scenarios, conditions and params",
    () => fc.sample(scenario({ conditionRate: 0.2, paramRate: 0.2 }), { numRuns: 500, seed: seed++ }).length,
  ),
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
const startup = measureStartup();
console.log(
  startup === undefined
    ? "matchconform --help: not measured, dist/ is not built (npm run build)"
    : `${"matchconform --help (dist), median".padEnd(44)} ${`${startup.helpMs.toFixed(0)} ms`.padStart(12)}   ${(startup.helpMs / startup.nodeMs).toFixed(2)}x node -e 0 (${startup.nodeMs.toFixed(0)} ms)`,
);
console.log(`${baseline.name.padEnd(44)} ${rate(baseline.perSecond).padStart(12)}   1.00x`);
for (const f of figures) {
  console.log(
    `${f.name.padEnd(44)} ${rate(f.perSecond).padStart(12)}   ${(f.perSecond / baseline.perSecond).toFixed(2)}x baseline`,
  );
}

// Each miniature's default run, every bucket reduced, next to the correct simple matcher's run;
// then how well the runs read as the list of bugs (suites/bench/diagnosisQuality.ts): buckets per
// switch alone and in 30 combinations of 2-4 switches over 5 seeds, minimal-case sizes, and whether
// an expected-failures file from one seed holds on the others.
const correctStart = performance.now();
const correct = await runBugs([], 20261201);
const correctMs = performance.now() - correctStart;
console.log(
  `\ndefault run of the correct simple matcher: ${(correctMs / 1000).toFixed(1)} s, ${correct.buckets.length} buckets (baseline)`,
);
const quality = await measureDiagnosis({ combos: 30, seeds: [20261201, 2, 3, 4, 5], stabilityCombos: 3 });
console.log(`${"miniature".padEnd(40)} ${"buckets".padStart(8)} ${"whole run".padStart(10)}  vs baseline`);
for (const single of quality.singles) {
  console.log(
    `${single.bug.padEnd(40)} ${String(single.keys.length).padStart(8)} ${`${(single.durationMs / 1000).toFixed(1)} s`.padStart(10)}  ${(single.durationMs / correctMs).toFixed(2)}x`,
  );
}
const q = quality;
console.log(
  `buckets per switch: ${q.bucketsPerSwitch.singles.toFixed(2)} alone, ${q.bucketsPerSwitch.combos.toFixed(2)} in ${q.combos.length} combinations`,
);
console.log(`switches without a bucket of their own in a combination: ${q.switchesWithoutBucket}`);
console.log(
  `combinations whose buckets are exactly the union of their switches': ${q.unionExact} of ${q.combos.length}`,
);
console.log(
  `minimal cases: ${(q.minimalShare * 100).toFixed(0)}% minimal, lines median ${q.minimalLines.median}, max ${q.minimalLines.max}`,
);
for (const st of q.stability)
  console.log(
    `expected failures of seed 20261201 on seeds 2-5 (${st.bugs.join(",")}): ${st.newBuckets.join(", ")} new buckets`,
  );
console.log(
  `default run with every bucket reduced: median ${(q.defaultRunMs.median / 1000).toFixed(1)} s, max ${(q.defaultRunMs.max / 1000).toFixed(1)} s`,
);

// Verified decisions per second against a private local kube-apiserver 1.37: the default batching
// next to one policy per request (batchSize 1, concurrentBatches 1), on the same generated queries,
// those the server decides with a probe (selected by a first pass), in the same run. The baseline
// takes a prefix of them within its time budget; batching is shown on that prefix and on all of them.
const decided = (a: Answer) => a.answer === "outcome" && a.outcome.outcome !== "invalid";

/** kube-apiserver and etcd for the minor as build.sh caches them (the latest patch), without building. */
function cachedControlPlane(minor: string): string | undefined {
  const cache = join(
    process.env.MATCHCONFORM_CACHE ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "matchconform"),
    "kube",
  );
  const patch = (v: string) => Number(v.split(".")[2]);
  const versions = (() => {
    try {
      return readdirSync(cache).filter((v) => v.startsWith(`v${minor}.`) && /^\d+$/.test(v.slice(minor.length + 2)));
    } catch {
      return [];
    }
  })().sort((a, b) => patch(b) - patch(a));
  const executable = (f: string) => {
    try {
      accessSync(f, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  };
  return versions
    .map((v) => join(cache, v, "bin"))
    .find((bin) => executable(join(bin, "kube-apiserver")) && executable(join(bin, "etcd")));
}

async function controlPlaneBinaries(): Promise<string | { skipped: string }> {
  const cached = cachedControlPlane("1.37");
  if (cached) return cached;
  if (process.env.MATCHCONFORM_BENCH_APISERVER !== "1")
    return {
      skipped:
        "kube-apiserver and etcd 1.37 are not built (a cold build takes 10 to 30 minutes); build them with `npx matchconform cluster up`, or run with MATCHCONFORM_BENCH_APISERVER=1 to build them now",
    };
  console.log("kube-apiserver: building kube-apiserver and etcd 1.37 (MATCHCONFORM_BENCH_APISERVER=1)");
  try {
    return await buildControlPlane("1.37", (l) => console.log(l));
  } catch (e) {
    return { skipped: (e as Error).message };
  }
}

interface ApiserverFigure {
  readonly decisions: number;
  /** How many queries it was asked: the baseline stops at its budget, batching may go round again. */
  readonly asked: number;
  readonly seconds: number;
  /** The matcher's requests that changed what the server stores (kubeHttp.ts RequestTally), its start and close included. */
  readonly writes: number;
  /** CPU time of kube-apiserver and etcd over the same span, ms. */
  readonly serverCpuMs: number | undefined;
  /** Decisions read against a probe shared with their family (oracles/apiserver/batch/families.ts). */
  readonly sharedProbe: number;
}

/**
 * A fresh matcher with these options, asked the queries; decisions per second of wall time.
 * `one by one`: one after another until the budget is spent (batches of one are realised one at a
 * time anyway); `all at once`: every query at once, as a run asks, in rounds until the time is up.
 */
async function askApiserver(
  options: ApiserverMatcherOptions,
  queries: readonly Query[],
  how: { readonly oneByOneForMs: number } | { readonly allAtOnceForMs: number },
  pids: readonly number[],
): Promise<ApiserverFigure> {
  const m = await startApiserverMatcher(options);
  try {
    const cpuBefore = cpuMs(pids);
    const start = performance.now();
    const elapsed = () => performance.now() - start;
    const answers: Answer[] = [];
    if ("oneByOneForMs" in how)
      for (const q of queries) if (elapsed() < how.oneByOneForMs) answers.push(await m.match(q));
    if ("allAtOnceForMs" in how)
      do answers.push(...(await Promise.all(queries.map((q) => m.match(q)))));
      while (elapsed() < how.allAtOnceForMs);
    const seconds = elapsed() / 1000;
    const decisions = answers.filter(decided).length;
    await m.close();
    const cpuAfter = cpuMs(pids);
    const serverCpuMs = cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore;
    return {
      decisions,
      asked: answers.length,
      seconds,
      writes: m.http.tally.writes,
      serverCpuMs,
      sharedProbe: m.stats.sharedProbe,
    };
  } finally {
    await m.close();
  }
}

async function benchApiserver(binDir: string): Promise<void> {
  const stateDir = mkdtempSync(join(tmpdir(), "matchconform-bench-apiserver-"));
  try {
    const cp = await up({ binDir, minor: "1.37", stateDir });
    const base: ApiserverMatcherOptions = { server: cp.server, token: cp.token, caFile: cp.caFile, minor: "1.37" };
    const pids = [cp.pids.apiserver, cp.pids.etcd];
    const selector = await startApiserverMatcher(base);
    const selectorCpu = cpuMs(pids);
    const { version } = selector.info;
    // In families (generators/scenarioFamily.ts): one subject and cluster asked about 8 to 16
    // requests, as a corpus case asks its subject about each test; the server shares their probe.
    const candidates = sampleFamilies({ minors: ["1.37"], subjectKinds: selector.subjects }, 450, 11);
    const answers = await Promise.all(candidates.map((q) => selector.match(q)));
    await selector.close();
    const selectorCpuMs = (cpuMs(pids) ?? Number.NaN) - (selectorCpu ?? Number.NaN);
    const skips = skipLines(selector.stats.skipReasons, selector.stats.queries);
    console.log(
      `\nkube-apiserver ${version}: ${selector.stats.skipped} of ${candidates.length} generated queries (in families of one subject and cluster) skipped, by reason:`,
    );
    for (const l of skips) console.log(`  ${l}`);
    const t = selector.http.tally;
    console.log(
      `  the run's requests: ${t.writes} writes (${(t.writes / candidates.length).toFixed(1)} a query), ${t.dryRuns} dry runs, ${t.reads} reads; kube-apiserver + etcd CPU ${(selectorCpuMs / 1000).toFixed(1)} s (${(selectorCpuMs / Math.max(1, selector.stats.probed)).toFixed(0)} ms a verdict)`,
    );
    const queries = candidates.filter((_, i) => decided(answers[i] as Answer));
    if (queries.length === 0) {
      console.log(
        `\nkube-apiserver ${version}: not measured, it decides none of ${candidates.length} generated queries`,
      );
      return;
    }
    const one = await askApiserver(
      { ...base, batchSize: 1, concurrentBatches: 1 },
      queries,
      { oneByOneForMs: 30_000 },
      pids,
    );
    const prefix = await askApiserver(base, queries.slice(0, one.asked), { allAtOnceForMs: 0 }, pids);
    const all = await askApiserver(base, queries, { allAtOnceForMs: 10_000 }, pids);
    const perSecond = (f: ApiserverFigure) => f.decisions / f.seconds;
    const line = (name: string, f: ApiserverFigure) =>
      console.log(
        `${name.padEnd(56)} ${`${perSecond(f).toFixed(1)}/s`.padStart(8)}   ${(perSecond(f) / perSecond(one)).toFixed(2)}x   ${f.decisions} decisions in ${f.seconds.toFixed(1)} s, ${(f.writes / Math.max(1, f.decisions)).toFixed(1)} writes and ${f.serverCpuMs === undefined ? "?" : (f.serverCpuMs / Math.max(1, f.decisions)).toFixed(0)} ms of server CPU a decision`,
      );
    console.log(
      `\nkube-apiserver ${version} on loopback, verified decisions: ${queries.length} of ${candidates.length} generated queries need a probe (the server skips or rejects the rest as invalid); ${all.sharedProbe} of the batched run's decisions read against a probe shared with their family`,
    );
    line("baseline: one policy per request (batch 1, 1 at a time)", one);
    line(`batched (default options), the same ${one.asked} queries`, prefix);
    line(`batched (default options), all ${queries.length} queries, ${all.asked / queries.length} rounds`, all);
  } finally {
    await down(stateDir);
    rmSync(stateDir, { recursive: true, force: true });
  }
}

const binaries = await controlPlaneBinaries();
if (typeof binaries === "string") await benchApiserver(binaries);
else console.log(`\nkube-apiserver: not measured, ${binaries.skipped}`);
