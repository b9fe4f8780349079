// k8s.io/kubernetes pkg/apis/admissionregistration/{v1,v1beta1,v1alpha1}/defaults.go and
// zz_generated.defaults.go: what the API server stores for a manifest. The defaults are the same
// in every minor 1.30-1.37 and every served API version of these types, but one: v1alpha1
// defaults a paramRef's parameterNotFoundAction to Deny, and MutatingAdmissionPolicyBinding is
// served as v1alpha1 in 1.32-1.33.
import type {
  MatchResources,
  NamedRuleWithOperations,
  ParamRef,
  PolicySpec,
  RuleWithOperations,
  Webhook,
} from "../contract/kube.ts";
import type { Subject } from "../contract/subject.ts";
import type { Minor } from "../contract/versions.ts";
import { atLeast } from "../contract/versions.ts";
import { decodeNulls } from "./decoding.ts";
import type { Trace } from "./trace.ts";

/** The manifest as decoded (nulls as the Go types take them), then defaulted at the minor (any but 1.32-1.33 when omitted). */
export function defaultSubject(manifest: Subject, trace: Trace, minor?: Minor): Subject {
  const subject = decodeNulls(manifest);
  switch (subject.kind) {
    case "MatchResources":
      return { kind: subject.kind, matchResources: defaultMatchResources(subject.matchResources, trace) };
    case "ValidatingAdmissionPolicy":
    case "MutatingAdmissionPolicy": {
      const policy = defaultPolicySpec(subject.policy, trace);
      if (subject.binding === undefined) return { kind: subject.kind, policy };
      // SetObjectDefaults_*Binding: matchResources is defaulted only when present.
      const { matchResources: mr, ...given } = subject.binding;
      const alpha = subject.kind === "MutatingAdmissionPolicy" && minor !== undefined && !atLeast(minor, 34);
      const rest = alpha ? alphaParamRef(given, trace) : given;
      const binding = mr === undefined ? rest : { ...rest, matchResources: defaultMatchResources(mr, trace) };
      return { kind: subject.kind, policy, binding };
    }
    case "ValidatingWebhook":
    case "MutatingWebhook":
      return { kind: subject.kind, webhook: defaultWebhook(subject.webhook, trace) };
  }
}

// v1alpha1 SetDefaults_ParamRef (v1alpha1/defaults.go:54): an omitted parameterNotFoundAction is Deny.
function alphaParamRef<B extends { readonly paramRef?: ParamRef }>(binding: B, trace: Trace): B {
  const ref = binding.paramRef;
  if (ref === undefined || ref.parameterNotFoundAction !== undefined) return binding;
  trace.take("defaulting.alphaParameterNotFoundActionDeny");
  return { ...binding, paramRef: { ...ref, parameterNotFoundAction: "Deny" } };
}

// SetDefaults_ValidatingAdmissionPolicySpec / SetDefaults_MutatingAdmissionPolicySpec
function defaultPolicySpec(spec: PolicySpec, trace: Trace): PolicySpec {
  const failurePolicy = spec.failurePolicy ?? take(trace, "defaulting.failurePolicyFail", "Fail");
  const { matchConstraints, ...rest } = spec;
  if (matchConstraints === undefined) return { ...rest, failurePolicy };
  return { ...rest, failurePolicy, matchConstraints: defaultMatchResources(matchConstraints, trace) };
}

// SetDefaults_MatchResources, then SetDefaults_Rule on every resource and exclude rule.
export function defaultMatchResources(mr: MatchResources, trace: Trace): MatchResources {
  // One copy, its rule lists replaced in place (a key keeps its position): a decision defaults
  // every subject it is given.
  const out: { -readonly [K in keyof MatchResources]: MatchResources[K] } = {
    ...mr,
    matchPolicy: mr.matchPolicy ?? take(trace, "defaulting.matchPolicyEquivalent", "Equivalent"),
    namespaceSelector: mr.namespaceSelector ?? take(trace, "defaulting.selectorEmpty", {}),
    objectSelector: mr.objectSelector ?? take(trace, "defaulting.selectorEmpty", {}),
  };
  if (mr.resourceRules !== undefined) out.resourceRules = mr.resourceRules.map((r) => defaultRule(r, trace));
  if (mr.excludeResourceRules !== undefined)
    out.excludeResourceRules = mr.excludeResourceRules.map((r) => defaultRule(r, trace));
  return out;
}

// v1 SetDefaults_ValidatingWebhook / SetDefaults_MutatingWebhook (the fields matching reads).
function defaultWebhook(hook: Webhook, trace: Trace): Webhook {
  return {
    ...hook,
    failurePolicy: hook.failurePolicy ?? take(trace, "defaulting.failurePolicyFail", "Fail"),
    matchPolicy: hook.matchPolicy ?? take(trace, "defaulting.matchPolicyEquivalent", "Equivalent"),
    namespaceSelector: hook.namespaceSelector ?? take(trace, "defaulting.selectorEmpty", {}),
    objectSelector: hook.objectSelector ?? take(trace, "defaulting.selectorEmpty", {}),
    ...(hook.rules !== undefined && { rules: hook.rules.map((r) => defaultRule(r, trace)) }),
  };
}

// SetDefaults_Rule: an omitted scope is "*".
function defaultRule<R extends RuleWithOperations | NamedRuleWithOperations>(rule: R, trace: Trace): R {
  return rule.scope === undefined ? { ...rule, scope: take(trace, "defaulting.ruleScopeAll", "*") } : rule;
}

function take<T>(trace: Trace, clause: Parameters<Trace["take"]>[0], value: T): T {
  trace.take(clause);
  return value;
}
