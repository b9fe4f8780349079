// `--implementation "<command>"` or `--module <file>`, or the built-in model when neither is given.
import { startChildMatcher } from "../oracles/adapters/childMatcher.ts";
import type { Matcher } from "../oracles/adapters/matcher.ts";
import { modelMatcher } from "../oracles/adapters/modelMatcher.ts";
import { loadModuleMatcher } from "../oracles/adapters/moduleMatcher.ts";
import { UsageError } from "./usageError.ts";

export interface ImplementationChoice {
  readonly implementation?: string | undefined;
  readonly module?: string | undefined;
  readonly caseTimeoutMs?: number | undefined;
}

export async function openImplementation(c: ImplementationChoice): Promise<Matcher> {
  if (c.implementation !== undefined && c.module !== undefined)
    throw new UsageError("give --implementation or --module, not both");
  const timeout = c.caseTimeoutMs === undefined ? {} : { caseTimeoutMs: c.caseTimeoutMs };
  if (c.module !== undefined) return loadModuleMatcher(c.module, timeout);
  if (c.implementation !== undefined) return startChildMatcher(c.implementation, timeout);
  return modelMatcher();
}
