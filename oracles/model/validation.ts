// k8s.io/kubernetes pkg/apis/admissionregistration/validation/validation.go, applied to the
// defaulted subject. Fields matching does not read are taken as present and valid.
import type {
  MatchCondition,
  MatchResources,
  NamedRuleWithOperations,
  RuleWithOperations,
  Webhook,
} from "../contract/kube.ts";
import type { PolicySubject, Subject } from "../contract/subject.ts";
import type { Minor } from "../contract/versions.ts";
import { atLeast } from "../contract/versions.ts";
import type { FieldError } from "./fieldErrors.ts";
import { duplicate, invalid, notSupported, required, tooMany } from "./fieldErrors.ts";
import {
  labelKeyErrors,
  nameIsDNSSubdomain,
  pathSegmentNameErrors,
  validateLabelSelectorInto,
} from "./labelValidation.ts";
import { compileCondition, notBoolDetail } from "./matchConditions.ts";
import { validateParamKind, validateParamRef } from "./paramValidation.ts";
import type { Trace } from "./trace.ts";

type NamedRule = NamedRuleWithOperations;

const supportedOperations = ["*", "CONNECT", "CREATE", "DELETE", "UPDATE"];
const supportedMutatingOperations = ["*", "CONNECT", "CREATE", "UPDATE"];
const supportedScopes = ["*", "Cluster", "Namespaced"];
const supportedFailurePolicies = ["Fail", "Ignore"];
const supportedMatchPolicies = ["Equivalent", "Exact"];
/** An omitted list, read as empty. */
const none: readonly never[] = [];

export function validateSubject(subject: Subject, minor: Minor, trace: Trace): FieldError[] {
  switch (subject.kind) {
    case "MatchResources":
      // docs/case-format.md, Subject: validated as a binding's matchResources.
      return validateMatchResources([], subject.matchResources, bindingPath(minor), minor, trace);
    case "ValidatingAdmissionPolicy":
    case "MutatingAdmissionPolicy":
      return validatePolicy(subject, minor, trace);
    case "ValidatingWebhook":
    case "MutatingWebhook":
      return validateWebhook([], subject.webhook, "webhooks[0]", minor, trace);
  }
}

/** validateValidatingAdmissionPolicyBindingSpec: the path was misspelt "matchResouces" before 1.32. */
function bindingPath(minor: Minor): string {
  return atLeast(minor, 32) ? "spec.matchResources" : "spec.matchResouces";
}

// validateValidatingAdmissionPolicySpec / validateMutatingAdmissionPolicySpec and the binding specs.
function validatePolicy(subject: PolicySubject, minor: Minor, trace: Trace): FieldError[] {
  const errs: FieldError[] = [];
  const mutating = subject.kind === "MutatingAdmissionPolicy";
  const { failurePolicy, matchConstraints } = subject.policy;
  if (failurePolicy !== undefined && !supportedFailurePolicies.includes(failurePolicy)) {
    trace.take("validation.failurePolicyUnsupported");
    errs.push(notSupported("spec.failurePolicy", failurePolicy, supportedFailurePolicies));
  }
  const { paramKind } = subject.policy;
  if (paramKind !== undefined) pushAll(errs, validateParamKind(paramKind, trace));
  if (matchConstraints === undefined) {
    trace.take("validation.policyMatchConstraintsRequired");
    errs.push(required("spec.matchConstraints"));
  } else {
    validateMatchResources(errs, matchConstraints, "spec.matchConstraints", minor, trace);
    if ((matchConstraints.resourceRules ?? []).length === 0) {
      trace.take("validation.policyResourceRulesRequired");
      errs.push(required("spec.matchConstraints.resourceRules"));
    }
    if (mutating) mutatingOperations(errs, matchConstraints, "spec.matchConstraints", trace);
  }
  const conditions = subject.policy.matchConditions ?? [];
  validateMatchConditions(errs, conditions, "spec.matchConditions", minor, trace, paramKind !== undefined);
  const binding = subject.binding;
  if (binding === undefined) return errs;
  const bindingName = binding.policyName;
  if (bindingName !== undefined) pushAll(errs, validatePolicyName(bindingName, trace));
  const paramRef = binding.paramRef;
  if (paramRef !== undefined) pushAll(errs, validateParamRef(paramRef, minor, trace));
  const bindingResources = binding.matchResources;
  if (bindingResources !== undefined) {
    const path = mutating ? "spec.matchResources" : bindingPath(minor);
    validateMatchResources(errs, bindingResources, path, minor, trace);
    if (mutating) mutatingOperations(errs, bindingResources, "spec.matchResources", trace);
  }
  const actions = binding.validationActions;
  if (!mutating && actions !== undefined) pushAll(errs, validateValidationActions(actions, trace));
  return errs;
}

// validateValidatingAdmissionPolicyBindingSpec / validateMutatingAdmissionPolicyBindingSpec: the
// binding names the subject's policy (format v1 leaves the name out); a name given is checked.
function validatePolicyName(name: string, trace: Trace): FieldError[] {
  if (name === "") {
    trace.take("validation.policyNameRequired");
    return [required("spec.policyName")];
  }
  const messages = nameIsDNSSubdomain(name);
  if (messages.length > 0) trace.take("validation.policyNameNotDNSSubdomain");
  return messages.map((m) => invalid("spec.policyName", name, m));
}

// validateValidationActions: given (format v1 takes an omitted list as valid), each one known and
// once, never Deny with Warn, at least one.
function validateValidationActions(actions: readonly string[], trace: Trace): FieldError[] {
  const errs: FieldError[] = [];
  const known = ["Audit", "Deny", "Warn"];
  const seen = new Set<string>();
  actions.forEach((a, i) => {
    if (!known.includes(a)) errs.push(notSupported(`spec.validationActions[${i}]`, a, known));
    if (seen.has(a)) errs.push(duplicate(`spec.validationActions[${i}]`, a));
    seen.add(a);
  });
  if (seen.has("Deny") && seen.has("Warn")) {
    errs.push(
      invalid(
        "spec.validationActions",
        actions,
        "must not contain both Deny and Warn (repeating the same validation failure information in the API response and headers serves no purpose)",
        "admissionregistration.ValidationAction",
      ),
    );
  }
  if (seen.size === 0) errs.push(required("spec.validationActions", "at least one validation action is required"));
  if (errs.length > 0) trace.take("validation.validationActionsInvalid");
  return errs;
}

// "It is only possible to mutate create and update requests": resourceRules only, excludes unchecked.
function mutatingOperations(errs: FieldError[], mr: MatchResources, path: string, trace: Trace): void {
  for (const rule of mr.resourceRules ?? [])
    for (const op of rule.operations ?? []) {
      if (supportedMutatingOperations.includes(op)) continue;
      trace.take("validation.mutatingOperationUnsupported");
      errs.push(notSupported(`${path}.resourceRules.operations`, op, supportedMutatingOperations));
    }
}

// validateMatchResources
function validateMatchResources(
  errs: FieldError[],
  mr: MatchResources,
  path: string,
  minor: Minor,
  trace: Trace,
): FieldError[] {
  if (mr.matchPolicy === undefined) errs.push(required(`${path}.matchPolicy`));
  else if (!supportedMatchPolicies.includes(mr.matchPolicy)) {
    trace.take("validation.matchPolicyUnsupported");
    errs.push(notSupported(`${path}.matchPolicy`, mr.matchPolicy, supportedMatchPolicies));
  }
  if (mr.namespaceSelector === undefined) errs.push(required(`${path}.namespaceSelector`));
  else validateLabelSelectorInto(errs, mr.namespaceSelector, `${path}.namespaceSelector`, minor, trace);
  if (mr.objectSelector === undefined) errs.push(required(`${path}.objectSelector`));
  else validateLabelSelectorInto(errs, mr.objectSelector, `${path}.objectSelector`, minor, trace);
  const rules = mr.resourceRules ?? [];
  for (let i = 0; i < rules.length; i++)
    validateNamedRule(errs, rules[i] as NamedRule, path, "resourceRules", i, trace);
  const excludes = mr.excludeResourceRules ?? [];
  for (let i = 0; i < excludes.length; i++)
    validateNamedRule(errs, excludes[i] as NamedRule, path, "excludeResourceRules", i, trace);
  return errs;
}

// validateNamedRuleWithOperations: resourceNames are path segment names ("" allowed), unique.
// The rule is `${path}.${list}[${at}]`.
function validateNamedRule(errs: FieldError[], rule: NamedRule, path: string, list: string, at: number, trace: Trace) {
  const names = rule.resourceNames ?? none;
  const seen = names.length > 1 ? new Set<string>() : undefined; // one name cannot repeat
  for (let i = 0; i < names.length; i++) {
    const name = names[i] as string;
    for (const msg of pathSegmentNameErrors(name)) {
      trace.take("validation.resourceNameInvalid");
      errs.push(invalid(`${path}.${list}[${at}].resourceNames[${i}]`, name, msg));
    }
    if (seen?.has(name)) {
      trace.take("validation.resourceNameDuplicate");
      errs.push(duplicate(`${path}.${list}[${at}].resourceNames[${i}]`, name));
    }
    seen?.add(name);
  }
  validateRuleWithOperations(errs, rule, path, list, at, trace);
}

// validateValidatingWebhook / validateMutatingWebhook (the fields matching reads)
function validateWebhook(errs: FieldError[], hook: Webhook, path: string, minor: Minor, trace: Trace): FieldError[] {
  const rules = hook.rules ?? [];
  for (let i = 0; i < rules.length; i++)
    validateRuleWithOperations(errs, rules[i] as RuleWithOperations, path, "rules", i, trace);
  if (hook.failurePolicy !== undefined && !supportedFailurePolicies.includes(hook.failurePolicy)) {
    trace.take("validation.failurePolicyUnsupported");
    errs.push(notSupported(`${path}.failurePolicy`, hook.failurePolicy, supportedFailurePolicies));
  }
  if (hook.matchPolicy !== undefined && !supportedMatchPolicies.includes(hook.matchPolicy)) {
    trace.take("validation.matchPolicyUnsupported");
    errs.push(notSupported(`${path}.matchPolicy`, hook.matchPolicy, supportedMatchPolicies));
  }
  const { namespaceSelector, objectSelector } = hook;
  if (namespaceSelector !== undefined)
    validateLabelSelectorInto(errs, namespaceSelector, `${path}.namespaceSelector`, minor, trace);
  if (objectSelector !== undefined)
    validateLabelSelectorInto(errs, objectSelector, `${path}.objectSelector`, minor, trace);
  validateMatchConditions(errs, hook.matchConditions ?? [], `${path}.matchConditions`, minor, trace);
  return errs;
}

// validateMatchConditions: at most 64; each an expression that compiles to bool (params declared
// only for a policy with a paramKind: allowParamsInMatchConditions) and a qualified name; names unique.
function validateMatchConditions(
  errs: FieldError[],
  conditions: readonly MatchCondition[],
  path: string,
  minor: Minor,
  trace: Trace,
  hasParams = false,
): void {
  if (conditions.length === 0) return;
  if (conditions.length > 64) {
    trace.take("validation.matchConditionsTooMany");
    errs.push(tooMany(path, conditions.length, 64));
  }
  const names = new Set<string>();
  conditions.forEach((c, i) => {
    const at = `${path}[${i}]`;
    const expression = (c.expression ?? "").trim();
    if (expression === "") {
      trace.take("validation.matchConditionExpressionRequired");
      errs.push(required(`${at}.expression`));
    } else {
      const compiled = compileCondition(expression, hasParams);
      if (compiled.kind === "compileError" || compiled.kind === "notBool") {
        trace.take("validation.matchConditionCompileError");
        const detail = compiled.kind === "notBool" ? notBoolDetail(compiled.got, minor) : compiled.detail;
        errs.push(invalid(`${at}.expression`, expression, detail));
      }
    }
    const name = c.name ?? "";
    if (name === "") {
      trace.take("validation.matchConditionNameRequired");
      errs.push(required(`${at}.name`));
    } else {
      // core/validation ValidateQualifiedName: validation.IsQualifiedName, which is IsLabelKey.
      for (const m of labelKeyErrors(name, minor)) {
        trace.take("validation.matchConditionNameInvalid");
        errs.push(invalid(`${at}.name`, name, m));
      }
      if (names.has(name)) {
        trace.take("validation.matchConditionNameDuplicate");
        errs.push(duplicate(`${at}.name`, name));
      }
      names.add(name);
    }
  });
}

// Where a rule sits, `${path}.${list}[${at}]`, written out only for an error: a decision validates
// every rule of its subject, and nearly all of them are valid.
interface RulePlace {
  readonly path: string;
  readonly list: string;
  readonly at: number;
}

const rulePath = (place: RulePlace) => `${place.path}.${place.list}[${place.at}]`;

// validateRuleWithOperations
function validateRuleWithOperations(
  errs: FieldError[],
  rule: RuleWithOperations,
  listPath: string,
  list: string,
  at: number,
  trace: Trace,
): void {
  const operations = rule.operations ?? none;
  const place: RulePlace = { path: listPath, list, at };
  if (operations.length === 0) {
    trace.take("validation.operationsRequired");
    errs.push(required(`${rulePath(place)}.operations`));
  }
  if (operations.length > 1 && operations.includes("*")) {
    trace.take("validation.operationsWildcardMixed");
    errs.push(
      invalid(
        `${rulePath(place)}.operations`,
        operations,
        "if '*' is present, must not specify other operations",
        "admissionregistration.OperationType",
      ),
    );
  }
  for (let i = 0; i < operations.length; i++) {
    const op = operations[i] as string;
    if (supportedOperations.includes(op)) continue;
    trace.take("validation.operationUnsupported");
    errs.push(notSupported(`${rulePath(place)}.operations[${i}]`, op, supportedOperations));
  }
  validateRule(errs, rule, place, trace);
}

// validateRule (allowSubResource = true)
function validateRule(errs: FieldError[], rule: RuleWithOperations, place: RulePlace, trace: Trace): void {
  const groups = rule.apiGroups ?? none;
  const versions = rule.apiVersions ?? none;
  if (groups.length === 0) {
    trace.take("validation.apiGroupsRequired");
    errs.push(required(`${rulePath(place)}.apiGroups`));
  }
  if (groups.length > 1 && groups.includes("*")) {
    trace.take("validation.apiGroupsWildcardMixed");
    errs.push(invalid(`${rulePath(place)}.apiGroups`, groups, "if '*' is present, must not specify other API groups"));
  }
  if (versions.length === 0) {
    trace.take("validation.apiVersionsRequired");
    errs.push(required(`${rulePath(place)}.apiVersions`));
  }
  if (versions.length > 1 && versions.includes("*")) {
    trace.take("validation.apiVersionsWildcardMixed");
    errs.push(
      invalid(`${rulePath(place)}.apiVersions`, versions, "if '*' is present, must not specify other API versions"),
    );
  }
  for (let i = 0; i < versions.length; i++) {
    if (versions[i] !== "") continue;
    trace.take("validation.apiVersionEmpty");
    errs.push(required(`${rulePath(place)}.apiVersions[${i}]`));
  }
  validateResources(errs, rule.resources ?? none, place, trace);
  if (rule.scope !== undefined && !supportedScopes.includes(rule.scope)) {
    trace.take("validation.scopeUnsupported");
    errs.push(notSupported(`${rulePath(place)}.scope`, rule.scope, supportedScopes));
  }
}

// validateResources: the wildcard checks depend on the order of the entries.
function validateResources(errs: FieldError[], resources: readonly string[], place: RulePlace, trace: Trace): void {
  if (resources.length === 0) {
    trace.take("validation.resourcesRequired");
    errs.push(required(`${rulePath(place)}.resources`));
  }
  // Made by the first entry with a subresource: most lists have none.
  let withWildcardSub: Set<string> | undefined;
  let subsWithWildcardRes: Set<string> | undefined;
  let doubleWildcard = false;
  let singleWildcard = false;
  let plainResource = false;
  for (let i = 0; i < resources.length; i++) {
    const entry = resources[i] as string;
    if (entry === "") {
      trace.take("validation.resourceEmpty");
      errs.push(required(`${rulePath(place)}.resources[${i}]`));
      continue;
    }
    if (entry === "*/*") doubleWildcard = true;
    if (entry === "*") singleWildcard = true;
    const slash = entry.indexOf("/");
    if (slash < 0) {
      // The flag is overwritten by every single-segment entry: ["pods", "*"] passes.
      plainResource = entry !== "*";
      continue;
    }
    const res = entry.slice(0, slash);
    const sub = entry.slice(slash + 1);
    withWildcardSub ??= new Set();
    subsWithWildcardRes ??= new Set();
    if (withWildcardSub.has(res)) {
      trace.take("validation.resourceAfterSubresourceWildcard");
      const detail = `if '${res}/*' is present, must not specify ${entry}`;
      errs.push(invalid(`${rulePath(place)}.resources[${i}]`, entry, detail));
    }
    if (subsWithWildcardRes.has(sub)) {
      trace.take("validation.resourceAfterResourceWildcard");
      const detail = `if '*/${sub}' is present, must not specify ${entry}`;
      errs.push(invalid(`${rulePath(place)}.resources[${i}]`, entry, detail));
    }
    if (sub === "*") withWildcardSub.add(res);
    if (res === "*") subsWithWildcardRes.add(sub);
  }
  if (resources.length > 1 && doubleWildcard) {
    trace.take("validation.resourcesDoubleWildcardMixed");
    errs.push(
      invalid(`${rulePath(place)}.resources`, resources, "if '*/*' is present, must not specify other resources"),
    );
  }
  if (singleWildcard && plainResource) {
    trace.take("validation.resourcesSingleWildcardMixed");
    const detail = "if '*' is present, must not specify other resources without subresources";
    errs.push(invalid(`${rulePath(place)}.resources`, resources, detail));
  }
}

function pushAll(errs: FieldError[], more: readonly FieldError[]): void {
  for (const e of more) errs.push(e);
}
