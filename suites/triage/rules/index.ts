// The triage rules, in the order they are tried on a reduced case; the first that finds something
// names the cause. A new rule is a file beside these, exporting a TriageRule, and a line here.
import type { TriageContext } from "../triageContext.ts";
import { celPart } from "./celPart.ts";
import { messageOnly } from "./messageOnly.ts";
import { placement } from "./placement.ts";
import type { Finding, ReducedCase, TriageRule } from "./rule.ts";

export const rules: readonly TriageRule[] = [
  // Only the message differs: nothing else is asked.
  messageOnly,
  // The decision turns on matchConditions: the part of a condition the implementation gets wrong.
  celPart,
  // A policy's constraints decided by where they stand rather than what they say.
  placement,
];

export async function firstFinding(ctx: TriageContext, c: ReducedCase): Promise<Finding | undefined> {
  for (const rule of rules) {
    const found = await rule.find(ctx, c);
    if (found !== undefined) return found;
  }
  return undefined;
}
