// `matchconform replay <files or folders...> [--kubernetes-version 1.37]`
import { isMinor, supportedMinors } from "../oracles/contract/versions.ts";
import { defaultCorpus } from "../package/packageRoot.ts";
import { oneLine } from "../reports/escape.ts";
import { closingLine, formatFailures, formatNotRun, nothingTested } from "../reports/replayText.ts";
import { loadEvery } from "../suites/format/loadAll.ts";
import { notRun, replayWith } from "../suites/replay/replayCases.ts";
import { replayTargets } from "../suites/replay/replayTargets.ts";
import { durationMs } from "./budgetFlags.ts";
import { openImplementation } from "./implementation.ts";
import { type InterruptSignal, interruptExitCodes, onInterrupt } from "./interrupt.ts";
import { withPackageFallback } from "./packageFallback.ts";
import { UsageError } from "./usageError.ts";

export interface ReplayOptions {
  readonly paths: readonly string[];
  readonly kubernetesVersion?: string | undefined;
  readonly implementation?: string | undefined;
  readonly module?: string | undefined;
  readonly caseTimeout?: string | undefined;
}

/** Exit 0 all passed, 1 a test failed, 2 bad input or nothing tested (every case left out or skipped). */
export async function replay(
  options: ReplayOptions,
  out: (line: string) => void,
  err: (line: string) => void = out,
): Promise<number> {
  const only = options.kubernetesVersion;
  if (only !== undefined && !isMinor(only)) {
    throw new UsageError(`--kubernetes-version ${only} is not one of ${supportedMinors.join(", ")}`);
  }
  // A bad file is reported, and the good ones next to it are still replayed: exit 2 at the end.
  // No path: the corpus shipped with matchconform, as `run` has, so that it works in an installed project.
  const paths = options.paths.length > 0 ? replayTargets(withPackageFallback(options.paths, err)) : [defaultCorpus];
  const { cases, problems, skipped } = loadEvery(paths);
  for (const s of skipped) err(`matchconform: ${oneLine(s)}`);
  if (cases.length === 0 && problems.length > 0)
    throw new AggregateError(problems, problems.map((p) => p.message).join("\n"));
  const caseTimeoutMs =
    options.caseTimeout === undefined ? undefined : durationMs("--case-timeout", options.caseTimeout);
  // A signal while the implementation starts exits at once; the child's process group goes with
  // the runner (childProcess.ts kills the live groups on exit).
  const whileStarting = (signal: InterruptSignal) => () => {
    err(`matchconform: ${signal} while the implementation was starting`);
    process.exit(interruptExitCodes[signal]);
  };
  const early = { SIGINT: whileStarting("SIGINT"), SIGTERM: whileStarting("SIGTERM") };
  for (const [signal, listener] of Object.entries(early)) process.on(signal, listener);
  let matcher: Awaited<ReturnType<typeof openImplementation>>;
  try {
    matcher = await openImplementation({
      implementation: options.implementation,
      module: options.module,
      caseTimeoutMs,
    });
  } finally {
    for (const [signal, listener] of Object.entries(early)) process.off(signal, listener);
  }
  // SIGINT or SIGTERM: the implementation is ended (its process group, what escaped it) and replay exits 130 or 143.
  const interrupts = onInterrupt({
    describe: () => `replay of ${cases.length} cases against ${matcher.info.name}`,
    cleanUp: async () => {
      await matcher.close();
      return [];
    },
    err,
    cleanUpTimeoutMs: 10_000,
  });
  try {
    const results = await replayWith(interrupts.guard(matcher), cases, only);
    const left = notRun(cases, only, matcher);
    for (const block of formatFailures(results)) out(`${block}\n`);
    for (const block of formatNotRun(left, results)) out(`${block}\n`);
    out(closingLine(results, left));
    for (const p of problems) err(`matchconform: ${oneLine(p.message)}`);
    const nothing = nothingTested(results, left);
    if (nothing !== undefined) {
      err(`matchconform: ${nothing}`);
      return 2;
    }
    if (problems.length > 0) return 2;
    return results.some((r) => r.result === "failed") ? 1 : 0;
  } finally {
    await matcher.close();
    interrupts.dispose();
  }
}
