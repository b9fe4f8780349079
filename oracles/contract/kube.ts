/**
 * The Kubernetes API types that admission matching reads, as a user writes them
 * (k8s.io/api admissionregistration/v1 and admission/v1). Every field a manifest may omit
 * is optional here; `stored` forms after defaulting live in oracles/model/defaulting.ts.
 */

export interface GroupVersionResource {
  readonly group: string;
  readonly version: string;
  readonly resource: string;
}

export interface GroupVersionKind {
  readonly group: string;
  readonly version: string;
  readonly kind: string;
}

export type Operation = "CREATE" | "UPDATE" | "DELETE" | "CONNECT";

export interface LabelSelectorRequirement {
  readonly key: string;
  readonly operator: string;
  readonly values?: readonly string[];
}

/** metav1.LabelSelector. `operator` stays a string: an unknown operator is a validation error, not a type error. */
export interface LabelSelector {
  readonly matchLabels?: Readonly<Record<string, string>>;
  readonly matchExpressions?: readonly LabelSelectorRequirement[];
}

/** admissionregistration/v1 RuleWithOperations. */
export interface RuleWithOperations {
  readonly operations?: readonly string[];
  readonly apiGroups?: readonly string[];
  readonly apiVersions?: readonly string[];
  readonly resources?: readonly string[];
  readonly scope?: string;
}

/** admissionregistration/v1 NamedRuleWithOperations. */
export interface NamedRuleWithOperations extends RuleWithOperations {
  readonly resourceNames?: readonly string[];
}

export interface MatchResources {
  readonly namespaceSelector?: LabelSelector;
  readonly objectSelector?: LabelSelector;
  readonly resourceRules?: readonly NamedRuleWithOperations[];
  readonly excludeResourceRules?: readonly NamedRuleWithOperations[];
  readonly matchPolicy?: string;
}

/** admissionregistration/v1 MatchCondition: a named CEL expression that must be true to match. */
export interface MatchCondition {
  readonly name?: string;
  readonly expression?: string;
}

/** admissionregistration/v1 ParamKind: the kind of the objects a policy's bindings hand it as `params`. */
export interface ParamKind {
  readonly apiVersion?: string;
  readonly kind?: string;
}

/** admissionregistration/v1 ParamRef: which objects of the policy's paramKind a binding hands it. */
export interface ParamRef {
  readonly name?: string;
  readonly namespace?: string;
  readonly selector?: LabelSelector;
  readonly parameterNotFoundAction?: string;
}

export interface PolicySpec {
  readonly matchConstraints?: MatchResources;
  readonly failurePolicy?: string;
  /** A compatible extension of format v1 (docs/case-format.md). */
  readonly matchConditions?: readonly MatchCondition[];
  /** A compatible extension of format v1 (docs/case-format.md, "Params"). */
  readonly paramKind?: ParamKind;
}

export interface BindingSpec {
  /** The subject's policy, which the binding binds whatever name it gives; checked as a DNS subdomain. */
  readonly policyName?: string;
  readonly matchResources?: MatchResources;
  /** A compatible extension of format v1: what a failed validation does. Matching ignores it. */
  readonly validationActions?: readonly string[];
  /** A compatible extension of format v1 (docs/case-format.md, "Params"). */
  readonly paramRef?: ParamRef;
}

export interface Webhook {
  readonly rules?: readonly RuleWithOperations[];
  readonly namespaceSelector?: LabelSelector;
  readonly objectSelector?: LabelSelector;
  readonly matchPolicy?: string;
  readonly failurePolicy?: string;
  /** A compatible extension of format v1 (docs/case-format.md). */
  readonly matchConditions?: readonly MatchCondition[];
}

/** authentication/v1 UserInfo: who sends the request. */
export interface UserInfo {
  readonly username?: string;
  readonly uid?: string;
  readonly groups?: readonly string[];
  readonly extra?: Readonly<Record<string, readonly string[]>>;
}

/** A Kubernetes object as it appears in an AdmissionRequest: any JSON object. */
export type KubeObject = Readonly<Record<string, unknown>>;

/** The fields of an admission.k8s.io/v1 AdmissionRequest that matching reads. */
export interface AdmissionRequest {
  readonly operation: Operation;
  readonly resource: GroupVersionResource;
  readonly subResource?: string;
  readonly kind: GroupVersionKind;
  readonly namespace?: string;
  readonly name?: string;
  readonly object?: KubeObject | null;
  readonly oldObject?: KubeObject | null;
  /** A compatible extension of format v1; omitted: the default user (oracles/model/userInfo.ts). */
  readonly userInfo?: UserInfo;
}

export interface EquivalentResource {
  readonly resource: GroupVersionResource;
  readonly kind: GroupVersionKind;
}
