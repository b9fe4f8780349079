// `upstream@1.N`: the upstream Go oracle for a minor, built on first use (minutes) and cached
// outside the repository by oracles/upstream/build.sh, which prints the binary's path last.
import { spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { packagePath } from "../../package/packageRoot.ts";
import { MatcherStartError } from "./matcher.ts";

const script = packagePath("oracles/upstream/build.sh");

export const upstreamPattern = /^upstream@(1\.\d+)$/;

/** Whether a Go toolchain is on PATH (the upstream oracle needs one to be built). */
export async function hasGo(): Promise<boolean> {
  return new Promise((resolve) => {
    const p = spawn("go", ["version"], { stdio: "ignore" });
    p.on("error", () => resolve(false));
    p.on("exit", (code) => resolve(code === 0));
  });
}

/** The build cache of oracles/upstream/build.sh, examples/go-adapter/build.sh and oracles/apiserver/build/build.sh. */
export function cacheRoot(env: NodeJS.ProcessEnv = process.env): string {
  return env.MATCHCONFORM_CACHE ?? join(env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "matchconform");
}

/** The first folder of `dir` whose name starts with `prefix` and that holds `file`: that file's path. */
export function cachedIn(dir: string, prefix: string, file: string): string | undefined {
  if (!existsSync(dir)) return undefined;
  const entry = readdirSync(dir)
    .sort()
    .find((e) => e.startsWith(prefix) && existsSync(join(dir, e, file)));
  return entry === undefined ? undefined : join(dir, entry, file);
}

/**
 * The upstream oracle for the minor as build.sh last left it in the cache, without Go and without
 * building: build.sh keeps one build per minor, but whether its sources are still this checkout's
 * only build.sh can tell (it hashes them), so a binary found here may predate an edit of the oracle.
 */
export function cachedUpstreamOracle(minor: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  return cachedIn(join(cacheRoot(env), "upstream"), `${minor}-`, "upstream-oracle");
}

/** Builds (or finds) the oracle binary for the minor; progress goes to `log`. */
export async function buildUpstreamOracle(minor: string, log: (line: string) => void = () => {}): Promise<string> {
  if (!existsSync(script)) throw new MatcherStartError(`the upstream oracle's build script is missing: ${script}`);
  if (!(await hasGo()))
    throw new MatcherStartError("upstream@ needs Go on PATH to build the upstream oracle (Go 1.26 or later)");
  return runBuildScript(script, [minor], `the upstream oracle for ${minor}`, log);
}

/**
 * Runs a Go build script that caches its binary and prints the binary's path last (the upstream
 * oracle's, the example Go adapter's); its standard error goes to `log`.
 */
export async function runBuildScript(
  path: string,
  args: readonly string[],
  what: string,
  log: (line: string) => void = () => {},
): Promise<string> {
  if (!(await hasGo())) throw new MatcherStartError(`building ${what} needs Go on PATH (Go 1.26 or later)`);
  return new Promise((resolve, reject) => {
    const p = spawn("bash", [path, ...args], {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, GOTOOLCHAIN: "local" },
    });
    let last = "";
    const tail: string[] = [];
    p.stdout.on("data", (d: Buffer) => {
      for (const line of d.toString().split("\n")) if (line.trim() !== "") last = line.trim();
    });
    p.stderr.on("data", (d: Buffer) => {
      for (const line of d.toString().split("\n")) {
        if (line.trim() === "") continue;
        tail.push(line);
        if (tail.length > 30) tail.shift();
        log(line);
      }
    });
    p.on("error", (e) => reject(new MatcherStartError(`${what} could not be built: ${e.message}`)));
    p.on("exit", (code) => {
      if (code === 0 && last !== "" && existsSync(last)) resolve(last);
      else reject(new MatcherStartError(`building ${what} failed (exit ${code})`, tail));
    });
  });
}
