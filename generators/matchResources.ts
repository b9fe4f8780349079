import type fc from "fast-check";
import type { MatchResources, NamedRuleWithOperations } from "../oracles/contract/kube.ts";
import { absent, arrayOf, drawn, optional, pick, recordOf } from "./draw.ts";
import { drawSubjectSelector } from "./labelSelector.ts";
import type { NamedRuleWithOperationsConstraints } from "./namedRuleWithOperations.ts";
import { drawNamedRuleWithOperations } from "./namedRuleWithOperations.ts";

/**
 * A valid admissionregistration/v1 MatchResources, with fields omitted now and then so that
 * defaulting decides:
 *
 * > MatchResources decides whether to run the admission control policy on an object based on
 * > whether it meets the match criteria. The exclude rules take precedence over include rules
 * > (if a resource matches both, it is excluded).
 * > matchPolicy defines how the "MatchResources" list is used to match incoming requests.
 * > Allowed values are "Exact" or "Equivalent". Defaults to "Equivalent".
 * (k8s.io/api admissionregistration/v1 types.go MatchResources)
 */
export interface MatchResourcesConstraints {
  readonly rules?: NamedRuleWithOperationsConstraints;
  /** At least one resourceRule (policies need one; bindings may have none). */
  readonly requireResourceRules?: boolean;
  readonly noSelectors?: boolean;
  readonly noExcludes?: boolean;
  readonly matchPolicy?: "Exact" | "Equivalent";
  /** How close excludes are drawn to the request (default 0.4: closer would exclude almost everything). */
  readonly excludeTargetRate?: number;
  /** Labels the selectors are drawn towards (see labelSelector). */
  readonly namespaceLabels?: Readonly<Record<string, string>>;
  readonly objectLabels?: Readonly<Record<string, string>>;
}

export function matchResources(constraints: MatchResourcesConstraints = {}): fc.Arbitrary<MatchResources> {
  return drawn((rng, bias) => drawMatchResources(rng, bias, constraints));
}

/**
 * matchResources(constraints), drawn at once: a record whose keys but resourceRules (and a fixed
 * matchPolicy) are optional. `requireResourceRules` overrides the constraints' own (a policy's
 * matchConstraints, drawn with its binding's constraints, without a copy of them that says so).
 */
export function drawMatchResources(
  rng: fc.Random,
  bias: number | undefined,
  constraints: MatchResourcesConstraints,
  requireResourceRules = constraints.requireResourceRules === true,
): MatchResources {
  const c = constraints;
  // Each optional key written out (optional, then its draw), without a closure per key.
  return recordOf(rng, {
    namespaceSelector: optional(rng) ? drawSubjectSelector(rng, bias, c.noSelectors, c.namespaceLabels) : absent,
    objectSelector: optional(rng) ? drawSubjectSelector(rng, bias, c.noSelectors, c.objectLabels) : absent,
    resourceRules: arrayOf(
      rng,
      bias,
      requireResourceRules ? oneToThree : upToThree,
      drawNamedRuleWithOperations,
      c.rules ?? anyRule,
    ),
    excludeResourceRules: optional(rng) ? (c.noExcludes ? [] : arrayOf(rng, bias, upToOne, drawExclude, c)) : absent,
    matchPolicy: c.matchPolicy ?? (optional(rng) ? pick(rng, matchPolicies) : absent),
  });
}

const anyRule = {};
const oneToThree = { minLength: 1, maxLength: 3 };
const upToThree = { minLength: 0, maxLength: 3 };
const upToOne = { maxLength: 1 };
const matchPolicies = ["Exact", "Equivalent"] as const;

/**
 * An exclude, drawn from the rules' constraints less often towards the request (the rate given
 * apart: a copy of the constraints with it, made for each subject, cost a fiftieth of its draw).
 */
function drawExclude(rng: fc.Random, bias: number | undefined, c: MatchResourcesConstraints): NamedRuleWithOperations {
  return drawNamedRuleWithOperations(rng, bias, c.rules ?? anyRule, c.excludeTargetRate ?? 0.4);
}
