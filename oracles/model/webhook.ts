// k8s.io/apiserver pkg/admission/plugin/webhook/generic/webhook.go Dispatch and ShouldCallHook.
import type { Webhook } from "../contract/kube.ts";
import type { Outcome } from "../contract/outcome.ts";
import { withValidatingName } from "./admissionPolicy.ts";
import { sameGVR } from "./attributes.ts";
import { matchConditionsFor } from "./conditionsFor.ts";
import { equivalentResourcesFor, isEmptyKind, unknownKind } from "./equivalents.ts";
import { isAuthReview, isExemptAdmissionConfigurationKind, webhooksExcludeAuthReviews } from "./exemptions.ts";
import type { MatchContext } from "./matchResources.ts";
import { matchNamespaceSelector } from "./namespaceSelector.ts";
import { matchObjectSelector } from "./objectSelector.ts";
import { ruleMatches } from "./rules.ts";
import { internalError } from "./statusError.ts";

const noMatch: Outcome = { outcome: "noMatch" };

/** Is the (defaulted) webhook called for the request? */
export function decideWebhook(hook: Webhook, given: MatchContext, validating: boolean): Outcome {
  const ctx = validating ? withValidatingName(given, "webhook.validatingSeesGeneratedName") : given;
  const { attr, trace, minor } = ctx;
  if (webhooksExcludeAuthReviews(minor) && isAuthReview(attr)) {
    trace.take("webhook.exemptAuthReviews");
    return noMatch;
  }
  if (isExemptAdmissionConfigurationKind(attr, minor)) {
    trace.take("webhook.exemptConfigurationKind");
    return noMatch;
  }
  return shouldCallHook(hook, ctx);
}

function shouldCallHook(hook: Webhook, ctx: MatchContext): Outcome {
  const { attr, cluster, trace } = ctx;
  const ns = matchNamespaceSelector(hook.namespaceSelector ?? {}, attr, cluster, trace);
  if (ns.result === "noMatch") {
    trace.take("webhook.namespaceSelectorNoMatch");
    return noMatch;
  }
  const obj = matchObjectSelector(hook.objectSelector ?? {}, attr, trace);
  if (obj.result === "noMatch") {
    trace.take("webhook.objectSelectorNoMatch");
    return noMatch;
  }
  const invocation = matchRules(hook, ctx);
  if (invocation.outcome !== "match") {
    if (invocation.outcome === "noMatch" && (ns.result === "error" || obj.result === "error")) {
      trace.take("webhook.selectorErrorSwallowedByRules");
    }
    return invocation;
  }
  // webhook.go: selector errors are returned as they are, whatever the failurePolicy.
  if (ns.result === "error") {
    trace.take("webhook.namespaceErrorReturned");
    return { outcome: "error", code: ns.error.code, message: ns.error.message };
  }
  if (obj.result === "error") {
    trace.take("webhook.objectErrorReturned");
    return { outcome: "error", code: obj.error.code, message: obj.error.message };
  }
  const conditions = hook.matchConditions ?? [];
  if (conditions.length > 0) {
    const result = matchConditionsFor(conditions, hook.failurePolicy, invocation.matchedKind ?? attr.kind, ctx);
    if (result.result === "noMatch") return noMatch;
    if (result.result === "error") {
      // webhook.go: apierrors.NewForbidden(attr.GetResource().GroupResource(), attr.GetName(), err).
      trace.take("webhook.conditionErrorForbidden");
      return { outcome: "error", code: 403, message: forbidden(attr, result.message) };
    }
  }
  trace.take("webhook.called");
  return invocation;
}

/** k8s.io/apimachinery pkg/api/errors NewForbidden's message. */
function forbidden(attr: MatchContext["attr"], message: string): string {
  const gr = attr.resource.group === "" ? attr.resource.resource : `${attr.resource.resource}.${attr.resource.group}`;
  return attr.name === ""
    ? `${gr} is forbidden: ${message}`
    : `${gr} ${JSON.stringify(attr.name)} is forbidden: ${message}`;
}

// webhook.go ShouldCallHook: the first rule that matches exactly; then, for Equivalent only,
// rules outer and equivalents inner.
function matchRules(hook: Webhook, ctx: MatchContext): Outcome {
  const { attr, trace } = ctx;
  const rules = hook.rules ?? [];
  if (rules.length === 0) {
    trace.take("webhook.emptyRulesNeverMatch");
    return noMatch;
  }
  for (const rule of rules) {
    if (ruleMatches(rule, attr, trace)) {
      trace.take("webhook.exactRuleMatches");
      return { outcome: "match", matchedResource: attr.resource, matchedKind: attr.kind };
    }
  }
  if (hook.matchPolicy !== "Equivalent") {
    trace.take("webhook.exactPolicyStops");
    return noMatch;
  }
  const equivalents = equivalentResourcesFor(attr.resource, attr.subResource, ctx.cluster, ctx.minor);
  for (const rule of rules) {
    for (const e of equivalents) {
      if (sameGVR(e.resource, attr.resource)) continue;
      if (!ruleMatches(rule, { ...attr, resource: e.resource }, trace)) continue;
      if (isEmptyKind(e.kind)) {
        trace.take("webhook.equivalentUnknownKind");
        const error = internalError(unknownKind(e.resource));
        return { outcome: "error", code: error.code, message: error.message };
      }
      trace.take("webhook.equivalentRuleMatches");
      return { outcome: "match", matchedResource: e.resource, matchedKind: e.kind };
    }
  }
  trace.take("webhook.noEquivalentMatches");
  return noMatch;
}
