// k8s.io/apiserver pkg/admission/plugin/policy: generic/plugin.go Dispatch, generic/policy_matcher.go
// DefinitionMatches and BindingMatches, validating/dispatcher.go and mutating/dispatcher.go.
import type { CelInput } from "@bufbuild/cel";
import type { ParamObject } from "../contract/cluster.ts";
import type { MatchResources } from "../contract/kube.ts";
import type { Outcome } from "../contract/outcome.ts";
import type { PolicySubject } from "../contract/subject.ts";
import { atLeast } from "../contract/versions.ts";
import { asValidatingAdmissionSeesIt } from "./attributes.ts";
import { jsonToCel } from "./cel/values.ts";
import type { ClauseName } from "./clauses.ts";
import { matchConditionsFor } from "./conditionsFor.ts";
import { isAuthReview, isPolicyConfigurationResource } from "./exemptions.ts";
import type { MatchContext, MatchResult } from "./matchResources.ts";
import { matchResources } from "./matchResources.ts";
import { collectParams, paramKindNotFound, paramName, paramScope } from "./params.ts";
import { namespaceNotFound } from "./statusError.ts";

/** The names the model gives the subject's policy and binding in its messages. */
export const policyName = "subject-policy";
export const bindingName = "subject-binding";

const noMatch: Outcome = { outcome: "noMatch" };

/** Are the (defaulted) policy's validations or mutations evaluated for the request? */
export function decidePolicy(subject: PolicySubject, given: MatchContext): Outcome {
  const mutating = subject.kind === "MutatingAdmissionPolicy";
  const ctx = mutating ? given : withValidatingName(given, "policy.validatingSeesGeneratedName");
  const { attr, trace } = ctx;
  const exempt = neverDispatched(mutating, ctx);
  if (exempt !== undefined) return exempt;
  // generic/policy_source.go: only policies with at least one binding become hooks.
  if (subject.binding === undefined) {
    trace.take("policy.withoutBindingNeverEvaluated");
    return noMatch;
  }
  const definition = subject.policy.matchConstraints;
  if (definition === undefined) return noMatch; // unreachable: validation requires matchConstraints
  const policyMatch = matchResources(definition, ctx);
  if (policyMatch.result === "error") return configError(subject, "policy", policyMatch.error.message, ctx);
  if (policyMatch.result === "noMatch") {
    trace.take("policy.definitionNoMatch");
    return noMatch;
  }
  // policy_source.go ensureParamsForPolicyLocked: a paramKind the RESTMapper does not know is the
  // policy's ConfigurationError, which Dispatch reports once the policy matches, before any binding.
  const paramKind = subject.policy.paramKind;
  const scope = paramKind === undefined ? undefined : paramScope(paramKind, ctx.cluster);
  if (paramKind !== undefined && scope === undefined) {
    trace.take("params.kindNotServed");
    return configError(subject, "policy", paramKindNotFound(paramKind), ctx);
  }
  const bindingRefused = bindingDoesNotMatch(subject, subject.binding.matchResources, ctx);
  if (bindingRefused !== undefined) return bindingRefused;
  const collected = collectParams(paramKind, scope, subject.binding.paramRef, attr.namespace, ctx.cluster, trace);
  if (!collected.ok) return configError(subject, "binding", collected.message, ctx);
  // policy_dispatcher.go: no param, no invocation, so the mutating delegate (and its namespace
  // lookup) never runs; validating/dispatcher.go looks the namespace up before its params loop.
  if (mutating && collected.params.length === 0) return noMatch;
  return namespaceObjectMissing(ctx) ?? invokePerParam(subject, collected.params, policyMatch, ctx);
}

/** Requests the dispatcher never hands to a policy, whatever it matches. */
function neverDispatched(mutating: boolean, { attr, trace }: MatchContext): Outcome | undefined {
  // mutating/plugin.go: admission.NewHandler(Create, Update, Connect).
  if (mutating && attr.operation === "DELETE") {
    trace.take("policy.mutatingNeverHandlesDelete");
    return noMatch;
  }
  // generic/plugin.go Dispatch: by GroupResource (1.30+).
  if (isAuthReview(attr)) {
    trace.take("policy.exemptAuthReviews");
    return noMatch;
  }
  if (isPolicyConfigurationResource(attr)) {
    trace.take("policy.exemptPolicyResources");
    return noMatch;
  }
  return undefined;
}

/** policy_matcher.go BindingMatches: the binding's own resource and kind are discarded. */
function bindingDoesNotMatch(
  subject: PolicySubject,
  bindingResources: MatchResources | undefined,
  ctx: MatchContext,
): Outcome | undefined {
  if (bindingResources === undefined) {
    ctx.trace.take("binding.withoutMatchResourcesMatchesAll");
    return undefined;
  }
  const bindingMatch = matchResources(bindingResources, ctx);
  if (bindingMatch.result === "error") return configError(subject, "binding", bindingMatch.error.message, ctx);
  if (bindingMatch.result === "noMatch") {
    ctx.trace.take("binding.noMatch");
    return noMatch;
  }
  ctx.trace.take("binding.matches");
  return undefined;
}

/**
 * validating/dispatcher.go, mutating/dispatcher.go: the namespace for namespaceObject, looked up
 * for namespaced requests (not for Namespace objects); its error is returned as it is.
 */
function namespaceObjectMissing({ attr, cluster, trace, minor }: MatchContext): Outcome | undefined {
  const isNamespaceKind = attr.kind.group === "" && attr.kind.version === "v1" && attr.kind.kind === "Namespace";
  if (attr.namespace === "" || isNamespaceKind || cluster.namespaces?.[attr.namespace] !== undefined) return undefined;
  trace.take("policy.namespaceObjectNotFound");
  // Before the live-GET fallback (1.32.11, 1.33.7, 1.34.3, 1.35.0) the lister's own NotFound,
  // for the resource "namespace", came back: the latest patches of 1.30 and 1.31 lack it.
  const message = atLeast(minor, 32)
    ? namespaceNotFound(attr.namespace).message
    : `namespace "${attr.namespace}" not found`;
  return { outcome: "error", code: 404, message };
}

/**
 * One invocation per param, each with its own matchConditions (validator.go Validate, the
 * mutating dispatcher's loop); an error of any denies the request.
 */
function invokePerParam(
  subject: PolicySubject,
  params: readonly (ParamObject | null)[],
  policyMatch: Extract<MatchResult, { result: "match" }>,
  ctx: MatchContext,
): Outcome {
  const mutating = subject.kind === "MutatingAdmissionPolicy";
  const paramKind = subject.policy.paramKind;
  const ran: string[] = [];
  let ranWithoutParam = false;
  let denied: Outcome | undefined;
  for (const param of [...params].sort(byName)) {
    const conditions = subject.policy.matchConditions ?? [];
    if (conditions.length > 0) {
      const value = paramKind === undefined ? undefined : paramValue(param, mutating, ctx.cluster);
      const result = matchConditionsFor(conditions, subject.policy.failurePolicy, policyMatch.kind, ctx, value);
      if (result.result === "noMatch") continue;
      if (result.result === "error") {
        const outcome = conditionError(subject, result.message, ctx);
        if (outcome.outcome === "error") denied ??= outcome;
        continue;
      }
    }
    if (param === null) ranWithoutParam = true;
    else ran.push(paramName(param));
  }
  if (denied !== undefined) return denied;
  if (ran.length === 0 && !ranWithoutParam) return noMatch;
  if (ran.length > 1) ctx.trace.take("params.oneEvaluationEach");
  ctx.trace.take(mutating ? "policy.mutationsEvaluated" : "policy.validationsEvaluated");
  return {
    outcome: "match",
    matchedResource: policyMatch.resource,
    matchedKind: policyMatch.kind,
    ...(ran.length > 0 && { params: ran }),
  };
}

const byName = (a: ParamObject | null, b: ParamObject | null) =>
  a === null || b === null ? 0 : paramName(a) < paramName(b) ? -1 : paramName(a) > paramName(b) ? 1 : 0;

/**
 * The param as a condition reads it. validating/dispatcher.go wraps a typed object (a built-in
 * kind's informer strips its apiVersion and kind) with the paramKind's; the mutating dispatcher
 * passes it bare, so there a built-in kind's param has neither. Custom kinds keep both.
 */
function paramValue(param: ParamObject | null, mutating: boolean, cluster: MatchContext["cluster"]): CelInput {
  if (param === null) return null;
  const custom = (cluster.customKinds ?? []).some((k) => k.apiVersion === param.apiVersion && k.kind === param.kind);
  if (!mutating || custom) return jsonToCel(param);
  const { apiVersion: _v, kind: _k, ...typed } = param;
  return jsonToCel(typed);
}

// A matchCondition error under Fail. validating/validator.go Validate makes it a Deny decision,
// which the binding's validationActions route (omitted: Deny, as the upstream oracle fills it):
// only Deny denies, with reason Invalid (422); Warn and Audit let the request through unvalidated.
// mutating/dispatcher.go: addConfigError(Reason Invalid), a 403 whose reason is changed.
function conditionError(subject: PolicySubject, message: string, ctx: MatchContext): Outcome {
  const withBinding = `'${policyName}' with binding '${bindingName}'`;
  if (subject.kind === "MutatingAdmissionPolicy") {
    ctx.trace.take("policy.mutatingConditionErrorForbidden");
    return { outcome: "error", code: 403, message: `policy ${withBinding} denied request: ${message}` };
  }
  if (!(subject.binding?.validationActions ?? ["Deny"]).includes("Deny")) {
    ctx.trace.take("policy.conditionErrorNotDenied");
    return noMatch;
  }
  ctx.trace.take("policy.conditionErrorDenied");
  return {
    outcome: "error",
    code: 422,
    message: `${forbiddenPrefix(ctx.attr)}ValidatingAdmissionPolicy ${withBinding} denied request: ${message}`,
  };
}

// validating/dispatcher.go addConfigError and generic/policy_dispatcher.go: a configuration error
// denies under failurePolicy Fail whatever the binding's validationActions; Ignore drops it.
function configError(subject: PolicySubject, where: "policy" | "binding", message: string, ctx: MatchContext): Outcome {
  if (subject.policy.failurePolicy === "Ignore") {
    ctx.trace.take("policy.configErrorIgnored");
    return noMatch;
  }
  const detail = `failed to configure ${where}: ${message}`;
  const withBinding = `'${policyName}' with binding '${bindingName}'`;
  if (subject.kind === "MutatingAdmissionPolicy") {
    // generic/policy_dispatcher.go PolicyError.Error() (%q without a binding); admission.NewForbidden: 403.
    ctx.trace.take("policy.mutatingConfigErrorForbidden");
    const named = where === "binding" ? withBinding : JSON.stringify(policyName);
    return { outcome: "error", code: 403, message: `policy ${named} denied request: ${detail}` };
  }
  // validating/dispatcher.go: admission.NewForbidden's message, reason Invalid, so 422.
  ctx.trace.take("policy.validatingConfigErrorInvalid");
  const named = where === "binding" ? withBinding : `'${policyName}'`;
  return {
    outcome: "error",
    code: 422,
    message: `${forbiddenPrefix(ctx.attr)}ValidatingAdmissionPolicy ${named} denied request: ${detail}`,
  };
}

/**
 * k8s.io/apiserver admission/errors.go NewForbidden + extractResourceName, apimachinery errors.go
 * NewForbidden: `<resource>[.<group>] "<name>" is forbidden: `, the name being the request's, else
 * the object's name or generateName, else "Unknown" ("Unknown/errorGettingName" without metadata).
 */
function forbiddenPrefix(attr: MatchContext["attr"]): string {
  const gr = attr.resource.group === "" ? attr.resource.resource : `${attr.resource.resource}.${attr.resource.group}`;
  let name = attr.name;
  if (name === "") {
    name = "Unknown";
    const o = attr.object;
    if (o !== null) {
      const md = o.metadata as { name?: unknown; generateName?: unknown } | undefined;
      if (md === undefined || md === null || typeof md !== "object") name = "Unknown/errorGettingName";
      else if (typeof md.name === "string" && md.name !== "") name = md.name;
      else if (typeof md.generateName === "string" && md.generateName !== "") name = md.generateName;
    }
  }
  return `${gr} ${JSON.stringify(name)} is forbidden: `;
}

/** Validating admission of a generateName CREATE sees the generated name (rest/create.go). */
export function withValidatingName(ctx: MatchContext, clause: ClauseName): MatchContext {
  const attr = asValidatingAdmissionSeesIt(ctx.attr);
  if (attr === ctx.attr) return ctx;
  ctx.trace.take(clause);
  return { ...ctx, attr };
}
