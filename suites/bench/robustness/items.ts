// Every item of issue 19's list as one invocation of the command: the implementation's faults
// (the chaos fixtures), the hostile inputs (the hostile case files), the signals, and the
// shell-injection bundle. Each says the exit codes it may end with; robustnessTable.ts and
// robustness.test.ts run them.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { goodCase, type Hostile, hostileFolder } from "../../format/hostile/hostileFiles.ts";
import type { Invocation } from "./measure.ts";
import { injectionCase, runDryRuns } from "./shellInjection.ts";

export type Group = "implementation" | "input" | "signal" | "shell";

export interface Item {
  readonly group: Group;
  readonly name: string;
  /** The exit codes the item may end with (several where the order of events decides). */
  readonly expected: readonly number[];
  /** Writes what the item needs into `work` (a fresh folder) and says how to run the command there. */
  readonly prepare: (work: string) => Invocation;
  /** Run after the command: what it left that the measure cannot see (files another tool creates). */
  readonly after?: (work: string) => readonly string[];
  /** Why the item cannot run here, if it cannot. */
  readonly unavailable?: () => string | undefined;
}

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const faultyChild = here("../../run/chaos/faultyMatcher.mjs");
const faultyModule = new URL("../../run/chaos/faultyModule.mjs", import.meta.url).href;
const stuckChild = here("../../../cli/fixtures/stuckMatcher.mjs");
const hostileModule = here("./fixtures/wrongInHostileNamespace.mjs");
/** The chaos matrix's budget: the faults show within it. */
const budget = ["--kubernetes-version", "1.37", "--time-limit", "15s", "--case-timeout", "1s", "--seed", "1"];

function child(fault: string, expected: readonly number[], name = fault): Item {
  return {
    group: "implementation",
    name: `child: ${name}`,
    expected,
    prepare: (work) => ({
      work,
      reportDir: "r",
      args: ["run", "--implementation", `node ${faultyChild} --fault ${fault}`, ...budget, "--report-dir", "r"],
    }),
  };
}

function moduleFile(work: string, fault: string): string {
  const file = join(work, `${fault}.mjs`);
  writeFileSync(
    file,
    `import { faulty } from ${JSON.stringify(faultyModule)};\nexport default await faulty(${JSON.stringify(fault)});\n`,
  );
  return file;
}

function module(fault: string, expected: readonly number[]): Item {
  return {
    group: "implementation",
    name: `module: ${fault.replace("module-", "")}`,
    expected,
    prepare: (work) => ({
      work,
      reportDir: "r",
      args: ["run", "--module", moduleFile(work, fault), ...budget, "--report-dir", "r"],
    }),
  };
}

/** Expected codes as in the chaos matrix (suites/run/chaos.test.ts); 3 where the clock may end it first. */
const implementationItems: Item[] = [
  child("exit-mid-batch", [1, 2], "crash mid-batch"),
  child("hang-after", [1, 2], "hang"),
  child("exit-after-ready", [2], "exit after ready"),
  child("babble", [2]),
  child("huge-line", [1], "huge message (10 MiB line)"),
  child("huge-skips", [1, 2], "distinct 50 KB messages"),
  child("ignore-stop", [1], "ignores SIGTERM"),
  child("setsid-daemon", [1], "setsid daemon"),
  module("module-exit", [1, 2]),
  module("module-endless-loop", [1, 2]),
  module("module-reject", [1]),
  module("module-throw-null", [1]),
  module("module-unsettled", [1, 2]),
  module("module-top-level-await", [2]),
];

function badFolder(kind: Hostile, expected: readonly number[], name: string): Item {
  return {
    group: "input",
    name: `replay: ${name} next to a good file`,
    expected,
    prepare: (work) => ({ work, args: ["replay", hostileFolder(work, kind)] }),
  };
}

/** Flow lists nested 100,000 deep in request.object: a recursive reader would run out of stack. */
function deepYaml(work: string): string {
  const file = join(work, "deep.yaml");
  writeFileSync(
    file,
    goodCase.replace(
      "metadata: { name: web, namespace: prod } }",
      `metadata: { name: web }, x: ${"[".repeat(100_000)}${"]".repeat(100_000)} }`,
    ),
  );
  return file;
}

function runOn(name: string, expected: readonly number[], args: (work: string) => string[], reportDir = "r"): Item {
  return {
    group: "input",
    name,
    expected,
    prepare: (work) => ({ work, reportDir, args: ["run", ...args(work), "--time-limit", "15s", "--seed", "1"] }),
  };
}

const inputItems: Item[] = [
  runOn("run: alias bomb (1 KB)", [2], (w) => [join(hostileFolder(w, "aliasBomb"), "bomb.yaml"), "--report-dir", "r"]),
  badFolder("hugeDescription", [2], "50 MiB file"),
  runOn("run: YAML nested 100,000 deep", [2], (w) => [deepYaml(w), "--report-dir", "r"]),
  badFolder("invalidUtf8", [2], "invalid UTF-8"),
  badFolder("dangling", [2], "dangling symlink"),
  badFolder("loop", [2], "looping symlinks"),
  badFolder("self", [0], "symlink self -> ."),
  badFolder("fifo", [0], "FIFO"),
  runOn("run: --case-timeout 0", [2], () => ["--case-timeout", "0", "--report-dir", "r"]),
  runOn("run: --case-timeout 40000m", [2], () => ["--case-timeout", "40000m", "--report-dir", "r"]),
  runOn("run: --time-limit -5s", [2], () => ["--time-limit", "-5s", "--report-dir", "r"]),
  runOn("run: --report-dir is a file", [2], (w) => {
    writeFileSync(join(w, "r"), "the user's file\n");
    return ["--report-dir", "r"];
  }),
  runOn(
    "run: --report-dir . (the user's ./bundles/ there)",
    [2],
    (w) => {
      mkdirSync(join(w, "bundles"));
      writeFileSync(join(w, "bundles", "mine.txt"), "the user's file\n");
      return ["--report-dir", "."];
    },
    ".",
  ),
];

/** Where build.sh caches kube-apiserver (suites/slowSuites.ts cacheRoot, a floor above this one). */
const cacheRoot = () =>
  process.env.MATCHCONFORM_CACHE ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "matchconform");

const kubeBin = (): string | undefined => {
  const kube = join(cacheRoot(), "kube");
  const v = existsSync(kube)
    ? readdirSync(kube).find((d) => existsSync(join(kube, d, "bin", "kube-apiserver")))
    : undefined;
  return v === undefined ? undefined : join(kube, v, "bin");
};

const signalItems: Item[] = [
  {
    group: "signal",
    name: "run: SIGTERM during the start handshake",
    expected: [143],
    prepare: (work) => ({
      work,
      reportDir: "r",
      args: ["run", "--implementation", `node ${faultyChild} --fault no-start`, ...budget, "--report-dir", "r"],
      signal: { signal: "SIGTERM", once: "faultyMatcher", afterMs: 2000 },
    }),
  },
  {
    group: "signal",
    name: "run: SIGTERM during the run (child hangs)",
    expected: [143],
    prepare: (work) => ({
      work,
      reportDir: "r",
      args: ["run", "--implementation", `node ${faultyChild} --fault hang-after`, ...budget, "--report-dir", "r"],
      signal: { signal: "SIGTERM", once: "faultyMatcher", afterMs: 2000 },
    }),
  },
  {
    group: "signal",
    name: "run: SIGTERM during the run (module in an endless loop)",
    expected: [143],
    prepare: (work) => ({
      work,
      reportDir: "r",
      args: ["run", "--module", moduleFile(work, "module-endless-loop"), ...budget, "--report-dir", "r"],
      signal: { signal: "SIGTERM", once: "module-endless-loop", afterMs: 2000 },
    }),
  },
  {
    group: "signal",
    name: "replay: SIGTERM, child ignores EOF and SIGTERM",
    expected: [143],
    prepare: (work) => ({
      work,
      args: ["replay", hostileFolder(work, "self"), "--implementation", `node ${stuckChild}`, "--case-timeout", "10m"],
      signal: { signal: "SIGTERM", once: "stuckMatcher", afterMs: 1000 },
    }),
  },
  {
    group: "signal",
    name: "bundles check --local: SIGTERM while kube-apiserver starts",
    expected: [143],
    unavailable: () => (kubeBin() === undefined ? `kube-apiserver is not built in ${cacheRoot()}/kube` : undefined),
    prepare: (work) => {
      mkdirSync(join(work, "bundle"));
      writeFileSync(join(work, "bundle", "case.yaml"), goodCase);
      return {
        work,
        args: ["bundles", "check", "bundle", "--local"],
        // A control plane of its own, in the work folder: the user's (if any) is left alone.
        env: { MATCHCONFORM_CLUSTER_DIR: join(work, "cluster") },
        signal: { signal: "SIGTERM", once: "kube-apiserver", afterMs: 1000 },
      };
    },
  },
];

export const allItems: readonly Item[] = [...implementationItems, ...inputItems, ...signalItems, shellItem()];

/** The shell-injection case written by a real run into a bundle; its dry-run.sh run with a stub kubectl. */
function shellItem(): Item {
  return {
    group: "shell",
    name: "dry-run.sh of a bundle whose namespace is x;touch F; (stub kubectl)",
    expected: [1],
    prepare: (work) => {
      writeFileSync(join(work, "injection.yaml"), injectionCase);
      return {
        work,
        reportDir: "r",
        args: [
          "run",
          "injection.yaml",
          "--module",
          hostileModule,
          ...budget.slice(0, 6),
          "--num-runs",
          "1",
          "--report-dir",
          "r",
        ],
      };
    },
    after: (work) => runDryRuns(work),
  };
}
