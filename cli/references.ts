// `--reference auto|model|upstream`: who decides where the model stops (oracles/model/outsideModel.ts).
// auto takes the upstream oracle of a minor only when its binary is already built in the cache: a
// build takes minutes, which no run should spend unasked; upstream builds it if need be.
import { startChildMatcher } from "../oracles/adapters/childMatcher.ts";
import type { OutsideReference } from "../oracles/adapters/reference.ts";
import { matcherReference, OutsideReferences } from "../oracles/adapters/reference.ts";
import { buildUpstreamOracle, cachedUpstreamOracle } from "../oracles/adapters/upstreamBuild.ts";
import type { Minor } from "../oracles/contract/versions.ts";
import type { ReferenceChoice } from "../suites/run/options.ts";
import { referenceChoices } from "../suites/run/options.ts";
import { UsageError } from "./usageError.ts";

export interface ChosenReferences {
  readonly oracles: OutsideReferences;
  readonly choice: ReferenceChoice;
  /** What the report's header says of the choice: the minors left to the model alone, and why. */
  readonly note?: string;
}

/** `--reference`, default auto; the built-in model answers nothing where it stops, so no reference can test it there. */
export function referenceChoiceFor(args: {
  readonly reference?: string | undefined;
  readonly implementation?: string | undefined;
  readonly module?: string | undefined;
}): ReferenceChoice {
  const builtIn = args.implementation === undefined && args.module === undefined;
  if (builtIn && args.reference === undefined) return "model";
  const choice = args.reference ?? "auto";
  if (!(referenceChoices as readonly string[]).includes(choice))
    throw new UsageError(`--reference ${choice} is not one of ${referenceChoices.join(", ")}`);
  return choice as ReferenceChoice;
}

/**
 * The upstream oracles for the run's minors, as `choice` says; each starts on its first question.
 * `upstream` builds what is missing (a MatcherStartError, exit 2, when it cannot: no Go).
 */
export async function openReferences(
  choice: ReferenceChoice,
  minors: readonly Minor[],
  log: (line: string) => void,
  caseTimeoutMs?: number,
): Promise<ChosenReferences> {
  if (choice === "model") return { oracles: new OutsideReferences(), choice };
  const found: OutsideReference[] = [];
  const missing: Minor[] = [];
  for (const minor of minors) {
    const binary = choice === "upstream" ? await buildUpstreamOracle(minor, log) : cachedUpstreamOracle(minor);
    if (binary === undefined) missing.push(minor);
    else
      found.push(matcherReference(minor, () => startChildMatcher(JSON.stringify(binary), childOptions(caseTimeoutMs))));
  }
  const note =
    missing.length === 0
      ? undefined
      : `no upstream oracle built for ${missing.join(", ")} (oracles/upstream/build.sh <minor>, or --reference upstream)`;
  return { oracles: new OutsideReferences(found), choice, ...(note && { note }) };
}

function childOptions(caseTimeoutMs: number | undefined): { caseTimeoutMs?: number; beyondModel: true } {
  return { ...(caseTimeoutMs !== undefined && { caseTimeoutMs }), beyondModel: true };
}
