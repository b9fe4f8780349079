// Causes per bug, measured from the command line as a user runs it: every simple-matcher switch
// alone, random combinations of 2–4 switches over several seeds, and the offline evaluator's
// real-world bugs at seeds 1–3. For each run it prints the causes' titles; at the end, causes per
// switch and the switches none of whose causes is titled with their behaviour (bugTitles.ts).
//   npx tsx suites/bench/behaviourCauses.ts [--singles] [--combos 30] [--seeds 1,2,3,4,5]
//     [--realworld] [--profile default] [--num-runs N] [--parallel 2] [--out <dir>]
// (the real-world miniatures always with the default profile, as a user's first run would be).
// --num-runs bounds each run by work alone (no time limit), so that the machine's load does not
// decide how many causes are reduced and so how they are keyed.
// Each run's reports stay under --out (default a folder in the system's temp folder).
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { bugTitles, realWorldBugs, realWorldTitles, shadowed, simpleBugs } from "./bugTitles.ts";
import { combinations } from "./diagnosisQuality.ts";

const root = (p: string) => fileURLToPath(new URL(`../../${p}`, import.meta.url));

interface Planned {
  readonly label: string;
  readonly implementation: string;
  readonly bugs: readonly string[];
  readonly seed: number;
  readonly titles: Readonly<Record<string, RegExp>>;
  /** The profile of this run, when not the one asked for (the real-world miniatures run the default). */
  readonly profile?: string;
}

interface Measured extends Planned {
  readonly causes: readonly string[];
  /** Causes the time left unreduced (keyed on their raw example's clause, which a loaded machine multiplies). */
  readonly unreduced: number;
  readonly exitCode: number | null;
  /** Switches none of whose causes is titled with their behaviour (not those another switch turns off). */
  readonly unnamed: readonly string[];
  /** Switches another of the run's switches turns off (bugTitles.ts shadowedBy): no cause can name them. */
  readonly shadowed: readonly string[];
}

const simple = (bugs: readonly string[]) =>
  `node ${root("examples/simple-matcher/simple-matcher.mjs")} --bug ${bugs.join(",")}`;
const offline = (bugs: readonly string[]) =>
  `node ${root("examples/offline-evaluator/offline-evaluator.mjs")} --bug ${bugs.join(",")}`;

/** One CLI run; its report.json read back. */
function runCli(p: Planned, out: string, profile: string, numRuns: string | undefined): Promise<Measured> {
  const dir = join(out, p.label.replace(/[^a-z0-9,.-]+/gi, "_"));
  mkdirSync(dir, { recursive: true });
  const args = ["--import", "tsx", root("bin/matchconform.ts"), "run", "--implementation", p.implementation];
  args.push("--seed", String(p.seed), "--profile", p.profile ?? profile, "--report-dir", dir);
  if (numRuns !== undefined) args.push("--num-runs", numRuns);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: ["ignore", "ignore", "ignore"] });
    child.on("exit", (exitCode) => {
      const report = JSON.parse(readFileSync(join(dir, "report.json"), "utf8")) as {
        buckets: { title: string; reduction: { status: string } }[];
      };
      const causes = report.buckets.map((b) => b.title);
      const unreduced = report.buckets.filter((b) => b.reduction.status === "unreduced").length;
      const off = shadowed(p.bugs);
      const unnamed = p.bugs.filter((b) => !off.includes(b) && !causes.some((t) => p.titles[b]?.test(t)));
      resolve({ ...p, causes, unreduced, exitCode, unnamed, shadowed: off });
    });
  });
}

/** `plans` run `width` at a time, each printed as it ends. */
async function runAll(
  plans: readonly Planned[],
  width: number,
  out: string,
  profile: string,
  numRuns: string | undefined,
): Promise<Measured[]> {
  const results: Measured[] = [];
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < plans.length; i = next++) {
      const m = await runCli(plans[i] as Planned, out, profile, numRuns);
      results.push(m);
      console.log(
        `${m.label}: ${m.causes.length} cause(s), exit ${m.exitCode}; unnamed: ${m.unnamed.join(",") || "-"}${m.shadowed.length ? `; turned off by another switch: ${m.shadowed.join(",")}` : ""}`,
      );
      for (const t of m.causes) console.log(`    ${t.slice(0, 160)}`);
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return results;
}

function summary(name: string, ms: readonly Measured[]): void {
  if (ms.length === 0) return;
  const switches = ms.reduce((n, m) => n + m.bugs.length, 0);
  const causes = ms.reduce((n, m) => n + m.causes.length, 0);
  const reduced = causes - ms.reduce((n, m) => n + m.unreduced, 0);
  const unnamed = ms.flatMap((m) => m.unnamed.map((b) => `${b}@${m.label}`));
  const off = ms.flatMap((m) => m.shadowed.map((b) => `${b}@${m.label}`));
  console.log(
    `${name}: ${ms.length} runs, ${switches} switches, ${causes} causes (${reduced} reduced), ${(causes / switches).toFixed(2)} causes per switch (${(reduced / switches).toFixed(2)} reduced); switches without a cause titled with their behaviour: ${unnamed.length}${unnamed.length ? ` (${unnamed.join(" ")})` : ""}; turned off by another switch (never run, so never named): ${off.length}${off.length ? ` (${off.join(" ")})` : ""}`,
  );
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      singles: { type: "boolean", default: false },
      combos: { type: "string", default: "0" },
      seeds: { type: "string", default: "1,2,3,4,5" },
      realworld: { type: "boolean", default: false },
      profile: { type: "string", default: "default" },
      parallel: { type: "string", default: "2" },
      "num-runs": { type: "string" },
      out: { type: "string" },
    },
  });
  const out = values.out ?? mkdtempSync(join(tmpdir(), "behaviour-causes-"));
  const seeds = values.seeds.split(",").map(Number);
  const plan = (bugs: readonly string[], seed: number): Planned => ({
    label: `${bugs.join(",")} seed ${seed}`,
    implementation: simple(bugs),
    bugs,
    seed,
    titles: bugTitles,
  });
  const singles = values.singles ? simpleBugs.map((b) => plan([b], seeds[0] ?? 1)) : [];
  const combos = combinations(Number(values.combos), simpleBugs).map((bugs, i) =>
    plan(bugs, seeds[i % seeds.length] ?? 1),
  );
  const realworld = values.realworld
    ? realWorldBugs.flatMap((b) =>
        [1, 2, 3].map((seed) => ({
          label: `offline ${b} seed ${seed}`,
          implementation: offline([b]),
          bugs: [b],
          seed,
          titles: realWorldTitles,
          profile: "default",
        })),
      )
    : [];
  const width = Number(values.parallel);
  // The real-world miniatures first: their figures are the ones a user's first run would give.
  const plans = [...realworld, ...singles, ...combos];
  const measured = await runAll(plans, width, out, values.profile, values["num-runs"]);
  const of = (ps: readonly Planned[]) => measured.filter((m) => ps.some((p) => p.label === m.label));
  console.log(`reports under ${out}`);
  summary("singles", of(singles));
  summary("combinations", of(combos));
  summary("real-world miniatures", of(realworld));
}

await main();
