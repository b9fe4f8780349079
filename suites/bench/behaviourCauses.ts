// Causes per bug, measured from the command line as a user runs it: every simple-matcher switch
// alone, random combinations of 2–4 switches over several seeds, and the offline evaluator's
// real-world bugs at seeds 1–3. For each run it prints the causes' titles; at the end, causes per
// switch and the switches none of whose causes is titled with their behaviour (bugTitles.ts); a
// switch titled only in the unreal-inputs section (which is never counted) is "titled, unreal only".
//   npx tsx suites/bench/behaviourCauses.ts [--singles] [--switches a,b,…] [--combos 30] [--seeds 1,2,3,4,5]
//     [--realworld] [--profile default] [--num-runs N] [--mode ci|explore] [--parallel 2] [--out <dir>]
// (--switches: the singles of these switches only, a sample for a run under load; --mode explore:
// runs bounded by the profile's time instead of its work, to see what the machine's load changes).
// (the real-world miniatures always with the default profile, as a user's first run would be).
// --num-runs bounds each run by work alone (no time limit), so that the machine's load does not
// decide how many causes are reduced and so how they are keyed.
// Each run's reports stay under --out (default a folder in the system's temp folder); with --reuse,
// a run whose report.json is already there is read, not run again (the summary of an earlier --out).
// Besides causes per switch, the summary lists the causes titled by none of the run's switches (a
// clause's name: a switch split, or a bug the probes do not name) and the switches titled by more
// than one finding, causes and unreal inputs together (one behaviour split).
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from "node:fs";
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
  /** The titles of the unreal-inputs section: found, but neither counted nor ranked as causes. */
  readonly unreal: readonly string[];
  /** Switches none of whose causes nor unreal-input findings is titled with their behaviour (not those another switch turns off). */
  readonly unnamed: readonly string[];
  /** Switches titled with their behaviour only in the unreal-inputs section ("titled, unreal only"). */
  readonly unrealOnly: readonly string[];
  /** Switches another of the run's switches turns off (bugTitles.ts shadowedBy): no cause can name them. */
  readonly shadowed: readonly string[];
  /** Causes (counted) whose title names none of the run's switches: a clause's name, or a switch split. */
  readonly untitled: readonly string[];
  /** Switches titled by more than one finding, causes and unreal inputs together: one behaviour split. */
  readonly split: readonly string[];
}

const simple = (bugs: readonly string[]) =>
  `node ${root("examples/simple-matcher/simple-matcher.mjs")} --bug ${bugs.join(",")}`;
const offline = (bugs: readonly string[]) =>
  `node ${root("examples/offline-evaluator/offline-evaluator.mjs")} --bug ${bugs.join(",")}`;

/** One CLI run; its report.json read back. */
/** A run's report.json read back and held against the switches' titles. */
function measured(p: Planned, dir: string, exitCode: number | null): Measured {
  const report = JSON.parse(readFileSync(join(dir, "report.json"), "utf8")) as {
    buckets: { title: string; reduction: { status: string } }[];
    unrealInputs?: { title: string }[];
  };
  const causes = report.buckets.map((b) => b.title);
  const unreal = (report.unrealInputs ?? []).map((b) => b.title);
  const unreduced = report.buckets.filter((b) => b.reduction.status === "unreduced").length;
  const off = shadowed(p.bugs);
  const titled = (ts: readonly string[]) => (b: string) => ts.some((t) => p.titles[b]?.test(t));
  const unrealOnly = p.bugs.filter((b) => !off.includes(b) && !titled(causes)(b) && titled(unreal)(b));
  const unnamed = p.bugs.filter((b) => !off.includes(b) && !titled(causes)(b) && !titled(unreal)(b));
  const untitled = causes.filter((t) => !p.bugs.some((b) => p.titles[b]?.test(t)));
  const split = p.bugs.filter((b) => [...causes, ...unreal].filter((t) => p.titles[b]?.test(t)).length > 1);
  return { ...p, causes, unreal, unreduced, exitCode, unnamed, unrealOnly, shadowed: off, untitled, split };
}

/** One CLI run; its report.json read back (with `reuse`, a report already under `out` is read instead). */
function runCli(
  p: Planned,
  out: string,
  profile: string,
  numRuns: string | undefined,
  reuse: boolean,
  mode: string,
): Promise<Measured> {
  const dir = join(out, p.label.replace(/[^a-z0-9,.-]+/gi, "_"));
  if (reuse && existsSync(join(dir, "report.json"))) {
    const footer = (JSON.parse(readFileSync(join(dir, "report.json"), "utf8")) as { footer?: { exitCode?: number } })
      .footer;
    return Promise.resolve(measured(p, dir, footer?.exitCode ?? null));
  }
  mkdirSync(dir, { recursive: true });
  const args = ["--import", "tsx", root("bin/matchconform.ts"), "run", "--implementation", p.implementation];
  args.push("--seed", String(p.seed), "--profile", p.profile ?? profile, "--report-dir", dir);
  if (numRuns !== undefined) args.push("--num-runs", numRuns);
  args.push("--mode", mode);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: ["ignore", "ignore", "ignore"] });
    child.on("exit", (exitCode) => resolve(measured(p, dir, exitCode)));
  });
}

/** `plans` run `width` at a time, each printed as it ends. */
async function runAll(
  plans: readonly Planned[],
  width: number,
  out: string,
  profile: string,
  numRuns: string | undefined,
  reuse: boolean,
  mode: string,
): Promise<Measured[]> {
  const results: Measured[] = [];
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < plans.length; i = next++) {
      const m = await runCli(plans[i] as Planned, out, profile, numRuns, reuse, mode);
      results.push(m);
      console.log(
        `${m.label}: ${m.causes.length} cause(s), ${m.unreal.length} on unreal inputs, exit ${m.exitCode}; unnamed: ${m.unnamed.join(",") || "-"}; titled, unreal only: ${m.unrealOnly.join(",") || "-"}${m.shadowed.length ? `; turned off by another switch: ${m.shadowed.join(",")}` : ""}${m.untitled.length ? `; causes titled by no switch: ${m.untitled.length}` : ""}${m.split.length ? `; split: ${m.split.join(",")}` : ""}`,
      );
      for (const t of m.causes) console.log(`    ${t.slice(0, 160)}`);
      for (const t of m.unreal) console.log(`    (unreal input) ${t.slice(0, 160)}`);
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
  const unreal = ms.reduce((n, m) => n + m.unreal.length, 0);
  const at = (f: (m: Measured) => readonly string[]) => ms.flatMap((m) => f(m).map((b) => `${b}@${m.label}`));
  const list = (xs: readonly string[]) => `${xs.length}${xs.length ? ` (${xs.join(" ")})` : ""}`;
  console.log(
    `${name}: ${ms.length} runs, ${switches} switches, ${causes} causes (${reduced} reduced), ${(causes / switches).toFixed(2)} causes per switch (${(reduced / switches).toFixed(2)} reduced); ${unreal} findings on unreal inputs (not counted); switches without a cause titled with their behaviour: ${list(at((m) => m.unnamed))}; titled, unreal only: ${list(at((m) => m.unrealOnly))}; turned off by another switch (never run, so never named): ${list(at((m) => m.shadowed))}; causes titled by none of the run's switches: ${list(ms.flatMap((m) => m.untitled.map((t) => `"${t.slice(0, 60)}…"@${m.label}`)))}; switches with more than one finding (causes and unreal inputs): ${list(at((m) => m.split))}`,
  );
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      singles: { type: "boolean", default: false },
      switches: { type: "string" },
      combos: { type: "string", default: "0" },
      seeds: { type: "string", default: "1,2,3,4,5" },
      realworld: { type: "boolean", default: false },
      profile: { type: "string", default: "default" },
      parallel: { type: "string", default: "2" },
      "num-runs": { type: "string" },
      out: { type: "string" },
      reuse: { type: "boolean", default: false },
      mode: { type: "string", default: "ci" },
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
  const sample = values.switches?.split(",").filter((b) => b !== "");
  const unknown = (sample ?? []).filter((b) => !(simpleBugs as readonly string[]).includes(b));
  if (unknown.length > 0) throw new Error(`unknown switches ${unknown.join(", ")}; known: ${simpleBugs.join(", ")}`);
  const singles =
    values.singles || sample !== undefined
      ? simpleBugs.filter((b) => sample?.includes(b) ?? true).map((b) => plan([b], seeds[0] ?? 1))
      : [];
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
  const results = await runAll(plans, width, out, values.profile, values["num-runs"], values.reuse, values.mode);
  const of = (ps: readonly Planned[]) => results.filter((m) => ps.some((p) => p.label === m.label));
  console.log(`reports under ${out}`);
  summary("singles", of(singles));
  summary("combinations", of(combos));
  summary("real-world miniatures", of(realworld));
}

await main();
