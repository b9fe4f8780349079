// The stored form of a plain manifest in one pass: what decodeNulls (decoding.ts) and then
// defaulting.ts make of it, for a manifest whose every typed field is absent or of its Go field's
// JSON type, with no null anywhere decoding would look. That is nearly every manifest a run
// decides, and for it decoding changes nothing; the stored objects are built with one shape per
// Go type (every field present, undefined when omitted), so validation and matching read them
// with property loads the engine can predict. Any other manifest is left to the general path:
// `plainStored` answers undefined and has taken no clause.
import type {
  BindingSpec,
  LabelSelector,
  LabelSelectorRequirement,
  MatchCondition,
  MatchResources,
  NamedRuleWithOperations,
  ParamKind,
  ParamRef,
  PolicySpec,
  RuleWithOperations,
  Webhook,
} from "../contract/kube.ts";
import type { Subject } from "../contract/subject.ts";
import type { Minor } from "../contract/versions.ts";
import { atLeast } from "../contract/versions.ts";
import type { ClauseName } from "./clauses.ts";

type Json = Readonly<Record<string, unknown>>;

/** Thrown, and caught in plainStored, at the first value the general path has to decide. */
const notPlain: object = Object.freeze({});

/**
 * The subject as defaultSubject stores it at the minor, or undefined for a manifest that is not
 * plain. `taken` receives the defaulting clauses, in the order defaulting.ts takes them.
 */
export function plainStored(manifest: Subject, minor: Minor, taken: ClauseName[]): Subject | undefined {
  const clauses = taken.length;
  try {
    return storedOf(manifest as unknown, minor, taken);
  } catch (e) {
    if (e !== notPlain) throw e;
    taken.length = clauses;
    return undefined;
  }
}

function storedOf(m: unknown, minor: Minor, taken: ClauseName[]): Subject {
  const s = struct(m);
  switch (s.kind) {
    case "MatchResources":
      return { kind: "MatchResources", matchResources: matchResourcesOf(struct(s.matchResources), taken) };
    case "ValidatingAdmissionPolicy":
    case "MutatingAdmissionPolicy": {
      const kind = s.kind;
      const policy = policyOf(struct(s.policy), taken);
      if (s.binding === undefined) return { kind, policy };
      const b = struct(s.binding);
      // v1alpha1 SetDefaults_ParamRef: MutatingAdmissionPolicyBinding is v1alpha1 in 1.32-1.33.
      const alpha = kind === "MutatingAdmissionPolicy" && !atLeast(minor, 34);
      const binding = {
        policyName: optString(b.policyName),
        validationActions: strings(b.validationActions),
        paramRef: b.paramRef === undefined ? undefined : paramRefOf(struct(b.paramRef), alpha, taken),
        // SetObjectDefaults_*Binding: matchResources is defaulted only when present.
        matchResources: b.matchResources === undefined ? undefined : matchResourcesOf(struct(b.matchResources), taken),
      };
      return { kind, policy, binding: binding as BindingSpec };
    }
    case "ValidatingWebhook":
    case "MutatingWebhook":
      return { kind: s.kind, webhook: webhookOf(struct(s.webhook), taken) };
    default:
      throw notPlain;
  }
}

// SetDefaults_ValidatingAdmissionPolicySpec / SetDefaults_MutatingAdmissionPolicySpec
function policyOf(p: Json, taken: ClauseName[]): PolicySpec {
  const failurePolicy = optString(p.failurePolicy) ?? took(taken, "defaulting.failurePolicyFail", "Fail");
  const policy = {
    failurePolicy,
    matchConstraints:
      p.matchConstraints === undefined ? undefined : matchResourcesOf(struct(p.matchConstraints), taken),
    matchConditions: conditions(p.matchConditions),
    paramKind: p.paramKind === undefined ? undefined : paramKindOf(struct(p.paramKind)),
  };
  return policy as PolicySpec;
}

// SetDefaults_MatchResources, then SetDefaults_Rule on every resource and exclude rule.
function matchResourcesOf(mr: Json, taken: ClauseName[]): MatchResources {
  let matchPolicy: unknown;
  let namespaceSelector: unknown;
  let objectSelector: unknown;
  let resourceRules: unknown;
  let excludeResourceRules: unknown;
  // By its own keys (see struct): a load by key in for-in is as fast on any shape of manifest.
  for (const k in mr) {
    const v = mr[k];
    if (k === "matchPolicy") matchPolicy = v;
    else if (k === "namespaceSelector") namespaceSelector = v;
    else if (k === "objectSelector") objectSelector = v;
    else if (k === "resourceRules") resourceRules = v;
    else if (k === "excludeResourceRules") excludeResourceRules = v;
  }
  // A literal's fields are evaluated in order: the clauses are taken in defaulting.ts's order.
  const out = {
    matchPolicy: optString(matchPolicy) ?? took(taken, "defaulting.matchPolicyEquivalent", "Equivalent"),
    namespaceSelector: selectorOrEmpty(namespaceSelector, taken),
    objectSelector: selectorOrEmpty(objectSelector, taken),
    resourceRules: rules(resourceRules, true, taken) as NamedRuleWithOperations[] | undefined,
    excludeResourceRules: rules(excludeResourceRules, true, taken) as NamedRuleWithOperations[] | undefined,
  };
  return out as MatchResources;
}

// v1 SetDefaults_ValidatingWebhook / SetDefaults_MutatingWebhook (the fields matching reads).
function webhookOf(w: Json, taken: ClauseName[]): Webhook {
  let failurePolicy: unknown;
  let matchPolicy: unknown;
  let namespaceSelector: unknown;
  let objectSelector: unknown;
  let rulesGiven: unknown;
  let matchConditions: unknown;
  for (const k in w) {
    const v = w[k];
    if (k === "rules") rulesGiven = v;
    else if (k === "namespaceSelector") namespaceSelector = v;
    else if (k === "objectSelector") objectSelector = v;
    else if (k === "matchPolicy") matchPolicy = v;
    else if (k === "failurePolicy") failurePolicy = v;
    else if (k === "matchConditions") matchConditions = v;
  }
  const hook = {
    failurePolicy: optString(failurePolicy) ?? took(taken, "defaulting.failurePolicyFail", "Fail"),
    matchPolicy: optString(matchPolicy) ?? took(taken, "defaulting.matchPolicyEquivalent", "Equivalent"),
    namespaceSelector: selectorOrEmpty(namespaceSelector, taken),
    objectSelector: selectorOrEmpty(objectSelector, taken),
    rules: rules(rulesGiven, false, taken),
    matchConditions: conditions(matchConditions),
  };
  return hook as Webhook;
}

/** A list of rules, each with its scope defaulted (SetDefaults_Rule: "*"); webhook rules have no resourceNames. */
function rules(value: unknown, named: boolean, taken: ClauseName[]): RuleWithOperations[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) throw notPlain;
  const out: RuleWithOperations[] = new Array(value.length);
  for (let i = 0; i < value.length; i++) {
    const r = struct(value[i]);
    let operations: unknown;
    let apiGroups: unknown;
    let apiVersions: unknown;
    let resources: unknown;
    let scope: unknown;
    let resourceNames: unknown;
    for (const k in r) {
      const v = r[k];
      if (k === "operations") operations = v;
      else if (k === "apiGroups") apiGroups = v;
      else if (k === "apiVersions") apiVersions = v;
      else if (k === "resources") resources = v;
      else if (k === "scope") scope = v;
      else if (k === "resourceNames") resourceNames = v;
    }
    const rule = {
      operations: strings(operations),
      apiGroups: strings(apiGroups),
      apiVersions: strings(apiVersions),
      resources: strings(resources),
      scope: optString(scope) ?? took(taken, "defaulting.ruleScopeAll", "*"),
      resourceNames: named ? strings(resourceNames) : undefined,
    };
    out[i] = rule as RuleWithOperations;
  }
  return out;
}

function selectorOrEmpty(value: unknown, taken: ClauseName[]): LabelSelector {
  if (value === undefined) {
    taken.push("defaulting.selectorEmpty");
    return emptySelector;
  }
  return selectorOf(struct(value));
}

// {} in the shape of every other selector; stored subjects are never changed.
const emptySelector = { matchLabels: undefined, matchExpressions: undefined } as unknown as LabelSelector;

function selectorOf(s: Json): LabelSelector {
  const labels = s.matchLabels;
  if (labels !== undefined) {
    const map = struct(labels);
    for (const k in map) if (typeof map[k] !== "string") throw notPlain;
  }
  const expressions = s.matchExpressions;
  let matchExpressions: LabelSelectorRequirement[] | undefined;
  if (expressions !== undefined) {
    if (!Array.isArray(expressions)) throw notPlain;
    matchExpressions = new Array(expressions.length);
    for (let i = 0; i < expressions.length; i++) {
      const e = struct(expressions[i]);
      let key: unknown;
      let operator: unknown;
      let values: unknown;
      for (const k in e) {
        if (k === "key") key = e[k];
        else if (k === "operator") operator = e[k];
        else if (k === "values") values = e[k];
      }
      const requirement = { key: string(key), operator: string(operator), values: strings(values) };
      matchExpressions[i] = requirement as LabelSelectorRequirement;
    }
  }
  return { matchLabels: labels, matchExpressions } as LabelSelector;
}

function conditions(value: unknown): MatchCondition[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) throw notPlain;
  const out: MatchCondition[] = new Array(value.length);
  for (let i = 0; i < value.length; i++) {
    const c = struct(value[i]);
    out[i] = { name: optString(c.name), expression: optString(c.expression) } as MatchCondition;
  }
  return out;
}

function paramKindOf(k: Json): ParamKind {
  return { apiVersion: optString(k.apiVersion), kind: optString(k.kind) } as ParamKind;
}

// v1alpha1 SetDefaults_ParamRef (v1alpha1/defaults.go:54): an omitted parameterNotFoundAction is Deny.
function paramRefOf(r: Json, alpha: boolean, taken: ClauseName[]): ParamRef {
  let parameterNotFoundAction = optString(r.parameterNotFoundAction);
  if (alpha && parameterNotFoundAction === undefined)
    parameterNotFoundAction = took(taken, "defaulting.alphaParameterNotFoundActionDeny", "Deny");
  const ref = {
    name: optString(r.name),
    namespace: optString(r.namespace),
    selector: r.selector === undefined ? undefined : selectorOf(struct(r.selector)),
    parameterNotFoundAction,
  };
  return ref as ParamRef;
}

function took<T extends string>(taken: ClauseName[], clause: ClauseName, value: T): T {
  taken.push(clause);
  return value;
}

/**
 * A JSON object: for-in then sees exactly the fields a load by name would (own enumerable data,
 * nothing inherited), as for every object JSON.parse, a YAML parser or a generator makes.
 */
function struct(v: unknown): Json {
  if (typeof v !== "object" || v === null || Array.isArray(v)) throw notPlain;
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) throw notPlain;
  return v as Json;
}

function string(v: unknown): string {
  if (typeof v !== "string") throw notPlain;
  return v;
}

function optString(v: unknown): string | undefined {
  if (v !== undefined && typeof v !== "string") throw notPlain;
  return v;
}

/** A list of strings, or undefined when omitted. */
function strings(v: unknown): readonly string[] | undefined {
  if (v === undefined) return undefined;
  if (!Array.isArray(v)) throw notPlain;
  for (let i = 0; i < v.length; i++) if (typeof v[i] !== "string") throw notPlain;
  return v;
}
