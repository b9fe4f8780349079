// `matchconform replay <files or folders...> [--kubernetes-version 1.37]`
import { isMinor, supportedMinors } from "../oracles/model/versions.ts";
import { closingLine, formatFailures } from "../reports/replayText.ts";
import { replayWith } from "../suites/replay/replayCases.ts";
import { durationMs } from "./budgetFlags.ts";
import { openImplementation } from "./implementation.ts";
import { loadAll } from "./loadAll.ts";
import { UsageError } from "./usageError.ts";

export interface ReplayOptions {
  readonly paths: readonly string[];
  readonly kubernetesVersion?: string | undefined;
  readonly implementation?: string | undefined;
  readonly module?: string | undefined;
  readonly caseTimeout?: string | undefined;
}

export async function replay(options: ReplayOptions, out: (line: string) => void): Promise<number> {
  if (options.paths.length === 0) throw new UsageError("replay needs at least one case file or folder");
  const only = options.kubernetesVersion;
  if (only !== undefined && !isMinor(only)) {
    throw new UsageError(`--kubernetes-version ${only} is not one of ${supportedMinors.join(", ")}`);
  }
  const cases = loadAll(options.paths);
  const caseTimeoutMs =
    options.caseTimeout === undefined ? undefined : durationMs("--case-timeout", options.caseTimeout);
  const matcher = await openImplementation({
    implementation: options.implementation,
    module: options.module,
    caseTimeoutMs,
  });
  try {
    const results = await replayWith(matcher, cases, only);
    for (const block of formatFailures(results)) out(`${block}\n`);
    out(closingLine(results));
    return results.some((r) => r.result === "failed") ? 1 : 0;
  } finally {
    await matcher.close();
  }
}
