// `matchconform run`: the corpus, generated scenarios and invariants on an implementation.
import type { EveryFlagRead, Options } from "../command.ts";
import { defineCommand } from "../command.ts";
import type { RunArgs } from "../run.ts";
import { budgetOptions, implementationOptions, kubernetesVersion, reportDir } from "./sharedOptions.ts";

const options = {
  ...implementationOptions,
  "kubernetes-version": kubernetesVersion("the one minor to test (default: the latest the implementation declares)"),
  "all-versions": { type: "boolean", group: "Kubernetes", help: "every minor the implementation declares" },
  reference: {
    type: "string",
    value: "auto|model|upstream",
    group: "Implementation",
    complete: async () => [...(await import("../../suites/run/options.ts")).referenceChoices],
    help: "who decides where the model stops (?., isIP, quantity, authorizer, …): auto (default) the upstream oracle of each minor already built in the cache; upstream builds it if need be (minutes, Go); model sends nothing there",
  },
  ...budgetOptions,
  mode: {
    type: "string",
    value: "ci|explore",
    group: "Budget",
    complete: async () => (await import("../runMode.ts")).runModes,
    help: "ci (default): with no --seed, the fixed seed of the Kubernetes minor tested (1037 for 1.37), and the profile's whole work whatever the machine's load (the time limit a ceiling), so that a gate fails only for what changed; explore: a new random seed each run, and what diverges exits 0 (bad input, incomplete runs and signals keep their codes)",
  },
  shard: {
    type: "string",
    value: "i/n",
    group: "Budget",
    help: "only the i-th of n disjoint shares of the work (corpus tests, generated batches, invariants); merge-reports puts the n reports together",
  },
  "expected-failures": {
    type: "string",
    value: "<file>",
    group: "Known failures",
    complete: "file",
    help: "known causes, reported apart and not failing the run",
  },
  "update-expected-failures": {
    type: "string",
    value: "<file>",
    group: "Known failures",
    complete: "file",
    help: "write the expected-failures file this run implies (entries still failing kept, new causes added)",
  },
  "fail-on-unreal-inputs": {
    type: "boolean",
    group: "Known failures",
    help: "causes seen only on inputs no real cluster produces (a kindless equivalent, a missing namespace) fail the run too; by default they are reported apart and do not",
  },
  "report-dir": reportDir(".matchconform/report"),
  reporter: {
    type: "string",
    value: "default|github|json",
    repeatable: true,
    group: "Reports",
    complete: async () => ["default", "github", "json"],
    help: "what the run prints (repeat it or separate by commas; default: default): default the summary; github an annotation per cause (on its bundle's case.yaml) and a log group per phase; json the run report on stdout, everything else on stderr. The report files are written whatever is chosen",
  },
  "progress-interval": {
    type: "string",
    value: "10s",
    group: "Reports",
    help: "when stderr is not a terminal, a progress line this often (phase, done/total, divergences so far, time left)",
  },
  "save-regressions": {
    type: "string",
    value: "<dir>",
    group: "Reports",
    complete: "dir",
    help: "keep each cause's minimal case as a regression case file here",
  },
} as const satisfies Options;

true satisfies EveryFlagRead<RunArgs, typeof options>;

export const runCommand = defineCommand({
  name: "run",
  summary: "the corpus, generated scenarios and invariants on an implementation (default: the model)",
  usage: "[options] [case files or folders...]",
  description: `The corpus (the case files given, default: the corpus shipped with matchconform), then
generated scenarios compared with the reference model, then the invariants on the implementation
alone; without an implementation, the built-in model. Every failure is reduced to a minimal case and
grouped by cause. In --mode ci (the default) the work is fixed by the seed and the profile, the
same on a quiet and a loaded machine, and --time-limit is only a ceiling against a hang (reaching
it exits 3); in --mode explore it bounds the run (corpus until 30 % of it, generated until 60 %,
invariants until 80 %, then reduction). Either way plus a 5 s grace. Reports are written also when
the run ends early (a signal, an implementation that would not start).`,
  positionals: { complete: "file" },
  options,
  examples: [
    "matchconform run --profile quick   # the model, 300 scenarios",
    'matchconform run --implementation "./my-matcher" --seed 7   # a matcher speaking line protocol v1',
    'matchconform run --implementation "./my-matcher" --reporter default --reporter github   # in GitHub Actions',
    'matchconform run --implementation "./my-matcher" --mode explore   # a new seed; new causes do not fail',
    "matchconform run --module my-matcher.mjs --all-versions --expected-failures known.yaml",
    "matchconform run --implementation upstream@1.37 my-cases/   # upstream's code on case files of your own",
    "matchconform run --seed 7 --shard 2/4 --report-dir shard-2   # one of four CI jobs; then merge-reports",
    'matchconform run --implementation "./my-matcher" --reference upstream held-out/   # beyond the model, upstream decides',
  ],
  exitCodes: [
    [
      "0",
      "nothing new diverged (only expected failures, or causes seen only on inputs no real cluster produces; with --mode explore, anything)",
    ],
    ["1", "a test failed or a divergence was found"],
    ["2", "bad input, or an implementation that would not start, gave no usable answer or was declared broken"],
    [
      "3",
      "incomplete: the time limit (in ci mode a ceiling) ended the run before the work its profile promises was done and nothing new diverged, or with --expected-failures the only divergences not listed were left unreduced",
    ],
    ["130/143", "interrupted by SIGINT/SIGTERM (a partial report is written)"],
  ],
  async run(flags, positionals, { out, err }) {
    const { run } = await import("../run.ts");
    return run({ ...flags, cases: positionals }, out, err);
  },
});
