import type fc from "fast-check";
import type { NamedRuleWithOperations } from "../oracles/contract/kube.ts";
import { drawn, pickIn, uniqueArrayOf } from "./draw.ts";
import type { RuleWithOperationsConstraints } from "./ruleWithOperations.ts";
import { drawRuleWithOperations } from "./ruleWithOperations.ts";
import { drawUnitRoll } from "./unitDouble.ts";
import { objectNames } from "./vocabulary.ts";

/**
 * A valid admissionregistration/v1 NamedRuleWithOperations:
 *
 * > ResourceNames is an optional white list of names that the rule applies to. An empty set
 * > means that everything is allowed.
 * (k8s.io/api admissionregistration/v1 types.go NamedRuleWithOperations)
 *
 * Names are unique path segment names (IsPathSegmentName); "" is legal and matches the
 * generateName creates and deletecollection items, whose name is "".
 */
export interface NamedRuleWithOperationsConstraints extends RuleWithOperationsConstraints {
  /** How often a rule carries resourceNames (0 to 1, default 0.25). */
  readonly namesRate?: number;
  /**
   * The names resourceNames are drawn from (default the small shared vocabulary and ""). `*` among
   * them is a name like any other: resourceNames has no wildcard.
   */
  readonly names?: readonly string[];
}

export function namedRuleWithOperations(
  constraints: NamedRuleWithOperationsConstraints = {},
): fc.Arbitrary<NamedRuleWithOperations> {
  return drawn((rng, bias) => drawNamedRuleWithOperations(rng, bias, constraints));
}

const defaultNames = [...objectNames, ""];
const oneOrTwo = { minLength: 1, maxLength: 2 };

/** namedRuleWithOperations(constraints), drawn at once: the rule (at `targetRate`), a roll, the names. */
export function drawNamedRuleWithOperations(
  rng: fc.Random,
  bias: number | undefined,
  constraints: NamedRuleWithOperationsConstraints,
  targetRate = constraints.targetRate ?? 0.9,
): NamedRuleWithOperations {
  const rule = drawRuleWithOperations(rng, bias, constraints, targetRate);
  const roll = drawUnitRoll(rng, bias);
  const resourceNames = uniqueArrayOf(
    rng,
    bias,
    oneOrTwo,
    pickIn<string>,
    undefined,
    constraints.names ?? defaultNames,
  );
  if (roll >= (constraints.namesRate ?? 0.25)) return rule;
  // The rule was drawn for this one: its names are added to it, last, as a spread would add them
  // (a spread of each rule cost a thirtieth of a scenario's draw).
  (rule as { resourceNames?: string[] }).resourceNames = resourceNames;
  return rule;
}
