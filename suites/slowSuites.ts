// Which of the slow suites `npm test` runs. They need what takes minutes to an hour to build (the
// upstream Go oracle per minor, the example Go adapter, the Go kit's dependencies, kube-apiserver
// with etcd), so a newcomer's `npm test` runs them only when that is already built (cached
// outside the repository), or when asked: MATCHCONFORM_REQUIRE_GO=1 for the Go suites,
// MATCHCONFORM_APISERVER=1 for the real-server suites, as .ci/run sets both. Asked for and
// impossible (no Go) is a failure in the suite itself, never a skip; =0 leaves a built one out.
import { join } from "node:path";
import { cachedIn as cachedPath, cacheRoot } from "../oracles/adapters/upstreamBuild.ts";

export { cacheRoot };

export type SlowSuite = "upstream" | "goAdapter" | "goKit" | "apiserver";

export interface SlowSuiteGate {
  readonly runs: boolean;
  /** Why it runs or not, for the line printed when it is skipped. */
  readonly why: string;
}

/** Whether `dir` holds a folder whose name starts with `prefix` and that holds `file`. */
function cachedIn(dir: string, prefix: string, file: string): boolean {
  return cachedPath(dir, prefix, file) !== undefined;
}

/** Whether the binaries a slow suite needs are built; for the upstream suite, at every one of `minors`. */
export function isBuilt(suite: SlowSuite, minors: readonly string[] = [], root = cacheRoot()): boolean {
  switch (suite) {
    case "upstream":
      return minors.every((m) => cachedIn(join(root, "upstream"), `${m}-`, "upstream-oracle"));
    case "goAdapter":
    case "goKit":
      // The kit's Go tests compile the same k8s.io/apiserver the example adapter is built from.
      return cachedIn(join(root, "go-adapter"), "", "go-adapter");
    case "apiserver":
      return cachedIn(join(root, "kube"), "v", join("bin", "kube-apiserver"));
  }
}

/** Whether `npm test` runs a slow suite, and why. */
export function slowSuiteGate(
  suite: SlowSuite,
  minors: readonly string[] = [],
  env: NodeJS.ProcessEnv = process.env,
): SlowSuiteGate {
  const flag = suite === "apiserver" ? "MATCHCONFORM_APISERVER" : "MATCHCONFORM_REQUIRE_GO";
  if (env[flag] === "1") return { runs: true, why: `${flag}=1 asks for it` };
  if (env[flag] === "0") return { runs: false, why: `skipped: ${flag}=0 asks to leave it out` };
  if (isBuilt(suite, minors, cacheRoot(env))) return { runs: true, why: `its binaries are built in ${cacheRoot(env)}` };
  return {
    runs: false,
    why: `skipped: its binaries are not built in ${cacheRoot(env)} (set ${flag}=1 to build them and run it, as .ci/run does)`,
  };
}
