// Where a policy or webhook reaches its matchConditions: the variables they see there.
import type { GroupVersionKind, MatchCondition } from "../contract/kube.ts";
import { jsonToCel, namespaceValue, requestValue } from "./cel/values.ts";
import type { ConditionsResult } from "./matchConditions.ts";
import { evaluateConditions } from "./matchConditions.ts";
import type { MatchContext } from "./matchResources.ts";

/**
 * webhook/generic/webhook.go ShouldCallHook (namespaceObject null: matcher.go passes no
 * namespace) and policy/validating/validator.go Validate, mutating/dispatcher.go (the namespace
 * the dispatcher looked up, none for cluster-scoped requests and Namespace objects).
 */
export function matchConditionsFor(
  conditions: readonly MatchCondition[],
  failurePolicy: string | undefined,
  matchedKind: GroupVersionKind,
  ctx: MatchContext,
  namespaceName: string,
): ConditionsResult {
  const { attr } = ctx;
  return evaluateConditions(
    conditions,
    failurePolicy,
    {
      object: jsonToCel(attr.object),
      oldObject: jsonToCel(attr.oldObject),
      request: requestValue(attr, matchedKind, attr.user),
      namespaceObject: namespaceName === "" ? null : namespaceValue(namespaceName, ctx.cluster),
    },
    ctx.trace,
  );
}
