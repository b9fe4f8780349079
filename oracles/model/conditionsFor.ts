// Where a policy or webhook reaches its matchConditions: the variables they see there.
import type { CelInput } from "@bufbuild/cel";
import type { GroupVersionKind, MatchCondition } from "../contract/kube.ts";
import type { Attributes } from "./attributes.ts";
import type { Bindings } from "./cel/evaluate.ts";
import { jsonToCel, requestValue } from "./cel/values.ts";
import type { ConditionsResult } from "./matchConditions.ts";
import { evaluateConditions } from "./matchConditions.ts";
import type { MatchContext } from "./matchResources.ts";

/**
 * webhook/generic/webhook.go ShouldCallHook, policy/validating/validator.go Validate and
 * mutating/dispatcher.go all call matchconditions/matcher.go Match, whose ForInput gets no
 * namespace (matcher.go:85 passes nil): namespaceObject is null in every matchCondition, for
 * policies too (only their validations and mutations see the namespace).
 */
export function matchConditionsFor(
  conditions: readonly MatchCondition[],
  failurePolicy: string | undefined,
  matchedKind: GroupVersionKind,
  ctx: MatchContext,
  /** A policy with a paramKind: the param object of this evaluation, or null. */
  params?: CelInput,
): ConditionsResult {
  return evaluateConditions(
    conditions,
    failurePolicy,
    conditionBindings(ctx.attr, matchedKind, params),
    ctx.minor,
    ctx.trace,
  );
}

/** The variables a matchCondition sees for the request's attributes (namespaceObject is null). */
export function conditionBindings(attr: Attributes, matchedKind: GroupVersionKind, params?: CelInput): Bindings {
  return {
    object: jsonToCel(attr.object),
    oldObject: jsonToCel(attr.oldObject),
    request: requestValue(attr, matchedKind, attr.user),
    namespaceObject: null,
    ...(params !== undefined && { params }),
  };
}
