import fc from "fast-check";
import type { MatchResources } from "../oracles/contract/kube.ts";
import { labelSelector } from "./labelSelector.ts";
import type { NamedRuleWithOperationsConstraints } from "./namedRuleWithOperations.ts";
import { namedRuleWithOperations } from "./namedRuleWithOperations.ts";

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
  const rule = namedRuleWithOperations(constraints.rules);
  const exclude = namedRuleWithOperations({ ...constraints.rules, targetRate: constraints.excludeTargetRate ?? 0.4 });
  const selector = (target: Readonly<Record<string, string>> | undefined) =>
    constraints.noSelectors ? fc.constant({}) : labelSelector(target ? { target } : {});
  const matchPolicy = constraints.matchPolicy
    ? fc.constant(constraints.matchPolicy)
    : fc.constantFrom("Exact", "Equivalent");
  return fc.record(
    {
      namespaceSelector: selector(constraints.namespaceLabels),
      objectSelector: selector(constraints.objectLabels),
      resourceRules: fc.array(rule, { minLength: constraints.requireResourceRules ? 1 : 0, maxLength: 3 }),
      excludeResourceRules: constraints.noExcludes ? fc.constant([]) : fc.array(exclude, { maxLength: 1 }),
      matchPolicy,
    },
    {
      requiredKeys: constraints.matchPolicy ? ["resourceRules", "matchPolicy"] : ["resourceRules"],
    },
  );
}
