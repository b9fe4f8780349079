// `--implementation "<command>"` (or `upstream@1.N`, the upstream Go oracle), `--module <file>`,
// or the built-in model when neither is given.
import { startChildMatcher } from "../oracles/adapters/childMatcher.ts";
import type { Matcher } from "../oracles/adapters/matcher.ts";
import { modelMatcher } from "../oracles/adapters/modelMatcher.ts";
import { loadModuleMatcher } from "../oracles/adapters/moduleMatcher.ts";
import { buildUpstreamOracle, upstreamPattern } from "../oracles/adapters/upstreamBuild.ts";
import { UsageError } from "./usageError.ts";

export interface ImplementationChoice {
  readonly implementation?: string | undefined;
  readonly module?: string | undefined;
  readonly caseTimeoutMs?: number | undefined;
  /** Time a child has to answer start (default 30 s). */
  readonly startTimeoutMs?: number | undefined;
  /** Send queries where the model stops too: the run has a reference there (`--reference`). */
  readonly beyondModel?: boolean | undefined;
}

export async function openImplementation(c: ImplementationChoice): Promise<Matcher> {
  if (c.implementation !== undefined && c.module !== undefined)
    throw new UsageError("give --implementation or --module, not both");
  const timeout = c.caseTimeoutMs === undefined ? {} : { caseTimeoutMs: c.caseTimeoutMs };
  const child = {
    ...timeout,
    ...(c.startTimeoutMs !== undefined && { startTimeoutMs: c.startTimeoutMs }),
    ...(c.beyondModel && { beyondModel: true }),
  };
  if (c.module !== undefined) return loadModuleMatcher(c.module, child);
  const upstream = c.implementation === undefined ? null : upstreamPattern.exec(c.implementation);
  if (upstream?.[1]) {
    const binary = await buildUpstreamOracle(upstream[1], (line) => process.stderr.write(`${line}\n`));
    return startChildMatcher(JSON.stringify(binary), child);
  }
  if (c.implementation !== undefined) return startChildMatcher(c.implementation, child);
  return modelMatcher();
}
