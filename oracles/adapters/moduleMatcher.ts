// An implementation as an ES module: its default export answers the protocol's JSON messages,
// synchronously or asynchronously — a function `(message) => answer`, or an object with such a
// `handle` method. A `.ts` file works too (importModule.ts). It runs in a child of the runner
// (moduleHost.ts), not in the runner's process: an exit, a rejection, an endless loop or a
// promise that never settles is then the implementation's fault, reported, timed out and killed
// like any child's, and the run still ends on time with its report.
import { createRequire } from "node:module";
import { dirname, extname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { startChildMatcher } from "./childMatcher.ts";
import { hostErrorPrefix } from "./hostErrorPrefix.ts";
import type { Matcher } from "./matcher.ts";
import { MatcherStartError } from "./matcher.ts";
import { readHostAnswer } from "./moduleAnswer.ts";

export interface ModuleOptions {
  readonly caseTimeoutMs?: number;
  /** Time to load the module and answer start (default 30 s: a TypeScript module is compiled first). */
  readonly startTimeoutMs?: number;
  /** Send queries where the model stops too (ChildOptions.beyondModel). */
  readonly beyondModel?: boolean;
}

export async function loadModuleMatcher(file: string, options: ModuleOptions = {}): Promise<Matcher> {
  try {
    return await startChildMatcher(hostCommand(file), {
      caseTimeoutMs: options.caseTimeoutMs ?? 10_000,
      startTimeoutMs: options.startTimeoutMs ?? 30_000,
      readAnswer: readHostAnswer,
      beyondModel: options.beyondModel ?? false,
    });
  } catch (e) {
    if (!(e instanceof MatcherStartError)) throw e;
    const said = e.stderr.find((l) => l.startsWith(hostErrorPrefix));
    const rest = e.stderr.filter((l) => !l.startsWith(hostErrorPrefix));
    throw new MatcherStartError(
      said
        ? said.slice(hostErrorPrefix.length)
        : `${file}: ${e.message.replace(/^the implementation /, "")}${unsettledTopLevelAwait(e.message)}`,
      rest,
    );
  }
}

/**
 * Node ends a process whose module graph waits on a top-level await that can never settle with code
 * 13: the module never finished loading. Said in those words, not as a bare exit code.
 */
function unsettledTopLevelAwait(message: string): string {
  return /exited with code 13\b/.test(message)
    ? " (node's code for a top-level await that never settled: the module never finished loading)"
    : "";
}

/** node running the host on the file; from the sources (tests, `npx tsx`), through tsx. */
function hostCommand(file: string): string {
  const here = fileURLToPath(import.meta.url);
  const host = join(dirname(here), `moduleHost${extname(here)}`);
  const loader =
    extname(here) === ".ts" ? ["--import", pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href] : [];
  return [process.execPath, ...loader, host, file].map(shellQuoted).join(" ");
}

const shellQuoted = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
