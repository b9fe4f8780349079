// The stable names of the reference model's decision points, each with the upstream code it follows.
// Reports, coverage and divergence buckets use these names: rename one only with a new format version.

export interface Clause {
  readonly source: string;
  readonly summary: string;
  /** false: only objects that bypassed API validation reach it (no case file can). */
  readonly reachable: boolean;
  /**
   * false: the default generated run does not reach it; scenarios drawn with matchConditions and
   * params (conditionRate, paramRate) and the corpus do (suites/coverage/clauseCoverage.test.ts).
   */
  readonly generated: boolean;
}

const clause = (source: string, summary: string, reachable = true): Clause => ({
  source,
  summary,
  reachable,
  generated: true,
});
const corpusOnly = (source: string, summary: string): Clause => ({
  source,
  summary,
  reachable: true,
  generated: false,
});
const matcherGo = "k8s.io/apiserver pkg/admission/plugin/webhook/matchconditions/matcher.go Match";
const collectParams = "k8s.io/apiserver pkg/admission/plugin/policy/generic/policy_dispatcher.go CollectParams";
const paramValidation =
  "k8s.io/kubernetes pkg/apis/admissionregistration/validation/validation.go validateParamKind, validateParamRef";
const conditionValidation =
  "k8s.io/kubernetes pkg/apis/admissionregistration/validation/validation.go validateMatchConditions";

export const clauses = {
  "binding.matches": clause(
    "k8s.io/apiserver pkg/admission/plugin/policy/generic/policy_matcher.go BindingMatches",
    "the binding's matchResources match; its own resource and kind are discarded",
  ),
  "binding.noMatch": clause(
    "k8s.io/apiserver pkg/admission/plugin/policy/generic/policy_matcher.go BindingMatches",
    "the binding's matchResources do not match the request",
  ),
  "binding.withoutMatchResourcesMatchesAll": clause(
    "k8s.io/apiserver pkg/admission/plugin/policy/generic/policy_matcher.go BindingMatches",
    "a binding without matchResources constrains nothing",
  ),
  "defaulting.alphaParameterNotFoundActionDeny": corpusOnly(
    "k8s.io/kubernetes pkg/apis/admissionregistration/v1alpha1/defaults.go SetDefaults_ParamRef",
    "a MutatingAdmissionPolicyBinding served as v1alpha1 (1.32-1.33) defaults parameterNotFoundAction to Deny",
  ),
  "defaulting.failurePolicyFail": clause(
    "k8s.io/kubernetes pkg/apis/admissionregistration/v1/defaults.go",
    "an omitted failurePolicy is stored as Fail",
  ),
  "defaulting.matchPolicyEquivalent": clause(
    "k8s.io/kubernetes pkg/apis/admissionregistration/v1/defaults.go",
    "an omitted matchPolicy is stored as Equivalent (admissionregistration v1)",
  ),
  "defaulting.ruleScopeAll": clause(
    "k8s.io/kubernetes pkg/apis/admissionregistration/v1/defaults.go",
    'an omitted rule scope is stored as "*"',
  ),
  "defaulting.selectorEmpty": clause(
    "k8s.io/kubernetes pkg/apis/admissionregistration/v1/defaults.go",
    "an omitted namespaceSelector or objectSelector is stored as {}",
  ),
  "labelSelector.doesNotExist": clause(
    "k8s.io/apimachinery pkg/labels/selector.go Requirement.Matches",
    "DoesNotExist holds when the key is absent",
  ),
  "labelSelector.exists": clause(
    "k8s.io/apimachinery pkg/labels/selector.go Requirement.Matches",
    "Exists holds when the key is present, whatever its value",
  ),
  "labelSelector.in": clause(
    "k8s.io/apimachinery pkg/labels/selector.go Requirement.Matches",
    "In holds when the key is present with one of the values",
  ),
  "labelSelector.inMissingKey": clause(
    "k8s.io/apimachinery pkg/labels/selector.go Requirement.Matches",
    "In never holds for an absent key",
  ),
  "labelSelector.matchLabels": clause(
    "k8s.io/apimachinery pkg/labels/selector.go Requirement.Matches",
    "matchLabels {k: v} requires key k with value v exactly",
  ),
  "labelSelector.notIn": clause(
    "k8s.io/apimachinery pkg/labels/selector.go Requirement.Matches",
    "NotIn holds when the present key has none of the values",
  ),
  "labelSelector.notInMissingKey": clause(
    "k8s.io/apimachinery pkg/labels/selector.go Requirement.Matches",
    "NotIn holds for an absent key",
  ),
  "matchConditions.allTrue": corpusOnly(matcherGo, "every matchCondition is true: the policy or webhook acts"),
  "matchConditions.errorIgnored": corpusOnly(
    matcherGo,
    "a condition errs, none is false, failurePolicy Ignore: no match",
  ),
  "matchConditions.falseNoMatch": corpusOnly(matcherGo, "a false matchCondition: no match"),
  "matchConditions.falseWinsOverErrors": corpusOnly(matcherGo, "a false matchCondition wins over the others' errors"),
  "matchResources.emptyResourceRulesMatchAll": clause(
    "k8s.io/apiserver pkg/admission/plugin/policy/matching/matching.go Matcher.Matches",
    "empty resourceRules match every resource (bindings and MatchResources only)",
  ),
  "matchResources.equivalentRuleMatches": clause(
    "k8s.io/apiserver pkg/admission/plugin/policy/matching/matching.go Matcher.Matches",
    "under Equivalent a rule matches an equivalent resource; its resource and kind are reported",
  ),
  "matchResources.equivalentUnknownKind": clause(
    "k8s.io/apiserver pkg/admission/plugin/policy/matching/matching.go Matcher.Matches",
    "an equivalent resource without a kind is an error, before resourceNames are checked",
  ),
  "matchResources.exactPolicyStops": clause(
    "k8s.io/apiserver pkg/admission/plugin/policy/matching/matching.go Matcher.Matches",
    "matchPolicy Exact: no equivalent resources are tried",
  ),
  "matchResources.exactRuleMatches": clause(
    "k8s.io/apiserver pkg/admission/plugin/policy/matching/matching.go Matcher.Matches",
    "a rule matches the request's own resource in the exact pass over all rules",
  ),
  "matchResources.excludeError": clause(
    "k8s.io/apiserver pkg/admission/plugin/policy/matching/matching.go Matcher.Matches",
    "an error in the exclude pass is returned",
  ),
  "matchResources.excludeWins": clause(
    "k8s.io/apiserver pkg/admission/plugin/policy/matching/matching.go Matcher.Matches",
    "a matching excludeResourceRule means no match, whatever resourceRules say",
  ),
  "matchResources.namespaceErrorSurfaces": clause(
    "k8s.io/apiserver pkg/admission/plugin/policy/matching/matching.go Matcher.Matches",
    "a namespace selector error surfaces only once the rules matched",
  ),
  "matchResources.namespaceSelectorNoMatch": clause(
    "k8s.io/apiserver pkg/admission/plugin/policy/matching/matching.go Matcher.Matches",
    "a namespace selector that cleanly does not match ends the decision",
  ),
  "matchResources.noEquivalentMatches": clause(
    "k8s.io/apiserver pkg/admission/plugin/policy/matching/matching.go Matcher.Matches",
    "under Equivalent no rule matches any equivalent resource",
  ),
  "matchResources.objectErrorSurfaces": clause(
    "k8s.io/apiserver pkg/admission/plugin/policy/matching/matching.go Matcher.Matches",
    "an object selector error surfaces only once the rules matched",
    false,
  ),
  "matchResources.objectSelectorNoMatch": clause(
    "k8s.io/apiserver pkg/admission/plugin/policy/matching/matching.go Matcher.Matches",
    "an object selector that cleanly does not match ends the decision",
  ),
  "matchResources.resourceNamesHit": clause(
    "k8s.io/apiserver pkg/admission/plugin/policy/matching/matching.go Matcher.Matches",
    "the request's name is in the rule's resourceNames",
  ),
  "matchResources.resourceNamesMiss": clause(
    "k8s.io/apiserver pkg/admission/plugin/policy/matching/matching.go Matcher.Matches",
    "the request's name is not in resourceNames; the next rule is tried",
  ),
  "matchResources.rulesNoMatch": clause(
    "k8s.io/apiserver pkg/admission/plugin/policy/matching/matching.go Matcher.Matches",
    "no resourceRule matches the request",
  ),
  "matchResources.selectorErrorDroppedByExclude": clause(
    "k8s.io/apiserver pkg/admission/plugin/policy/matching/matching.go Matcher.Matches",
    "an exclude hit drops a pending selector error",
  ),
  "matchResources.selectorErrorSwallowedByRules": clause(
    "k8s.io/apiserver pkg/admission/plugin/policy/matching/matching.go Matcher.Matches",
    "rules that do not match swallow a pending selector error",
  ),
  "namespaceSelector.clusterScopedAlwaysMatches": clause(
    "k8s.io/apiserver pkg/admission/plugin/webhook/predicates/namespace/matcher.go MatchNamespaceSelector",
    "a request without namespace, for a resource not named namespaces, always matches",
  ),
  "namespaceSelector.emptyMatchesWithoutLookup": clause(
    "k8s.io/apiserver pkg/admission/plugin/webhook/predicates/namespace/matcher.go MatchNamespaceSelector",
    "the {} selector matches without looking the namespace up",
  ),
  "namespaceSelector.emptyNamespaceLookup": clause(
    "k8s.io/apiserver pkg/admission/plugin/webhook/predicates/namespace/matcher.go MatchNamespaceSelector",
    'a namespaces-named resource without namespace outside CREATE/UPDATE looks up "" and fails',
  ),
  "namespaceSelector.namespaceNotFound": clause(
    "k8s.io/apiserver pkg/admission/plugin/webhook/predicates/namespace/matcher.go MatchNamespaceSelector",
    "the request's namespace does not exist: a 404 error",
  ),
  "namespaceSelector.namespaceObjectUsesNewLabels": clause(
    "k8s.io/apiserver pkg/admission/plugin/webhook/predicates/namespace/matcher.go MatchNamespaceSelector",
    "a Namespace CREATE or UPDATE is matched on the new object's labels",
  ),
  "namespaceSelector.namespaceObjectUsesStoredLabels": clause(
    "k8s.io/apiserver pkg/admission/plugin/webhook/predicates/namespace/matcher.go MatchNamespaceSelector",
    "a Namespace DELETE or subresource is matched on the stored namespace's labels",
  ),
  "namespaceSelector.parseError": clause(
    "k8s.io/apiserver pkg/admission/plugin/webhook/predicates/namespace/matcher.go MatchNamespaceSelector",
    "a namespace selector that does not parse is a 500 error",
    false,
  ),
  "namespaceSelector.storedNamespaceLabels": clause(
    "k8s.io/apiserver pkg/admission/plugin/webhook/predicates/namespace/matcher.go MatchNamespaceSelector",
    "a namespaced request is matched on its namespace's stored labels",
  ),
  "objectSelector.emptyMatchesAll": clause(
    "k8s.io/apiserver pkg/admission/plugin/webhook/predicates/object/matcher.go MatchObjectSelector",
    "the {} selector matches every request, null objects included",
  ),
  "objectSelector.neitherObjectMatches": clause(
    "k8s.io/apiserver pkg/admission/plugin/webhook/predicates/object/matcher.go MatchObjectSelector",
    "neither the object nor the old object matches",
  ),
  "objectSelector.newObjectMatches": clause(
    "k8s.io/apiserver pkg/admission/plugin/webhook/predicates/object/matcher.go MatchObjectSelector",
    "the request's object matches",
  ),
  "objectSelector.noMetadataNeverMatches": clause(
    "k8s.io/apiserver pkg/admission/plugin/webhook/predicates/object/matcher.go MatchObjectSelector",
    "an object without metadata (a CONNECT options object) never matches",
  ),
  "objectSelector.nullObjectNeverMatches": clause(
    "k8s.io/apiserver pkg/admission/plugin/webhook/predicates/object/matcher.go MatchObjectSelector",
    "a null object never matches",
  ),
  "objectSelector.oldObjectMatches": clause(
    "k8s.io/apiserver pkg/admission/plugin/webhook/predicates/object/matcher.go MatchObjectSelector",
    "the old object matches",
  ),
  "objectSelector.parseError": clause(
    "k8s.io/apiserver pkg/admission/plugin/webhook/predicates/object/matcher.go MatchObjectSelector",
    "an object selector that does not parse is a 500 error",
    false,
  ),
  "params.byName": corpusOnly(collectParams, "paramRef.name finds at most the one param of that name"),
  "params.bySelector": corpusOnly(collectParams, "paramRef.selector lists the params whose labels it matches"),
  "params.emptySelectorListsAll": corpusOnly(collectParams, "an empty paramRef.selector lists every param in scope"),
  "params.kindNotServed": corpusOnly(
    "k8s.io/apiserver pkg/admission/plugin/policy/generic/policy_source.go ensureParamsForPolicyLocked",
    "a paramKind no resource serves is the policy's configuration error, once the policy matches",
  ),
  "params.namespaceForClusterScopedKind": corpusOnly(
    collectParams,
    "paramRef.namespace for a cluster-scoped paramKind is the binding's configuration error",
  ),
  "params.namespacedKindClusterScopedRequest": corpusOnly(
    collectParams,
    "a namespaced paramKind without paramRef.namespace on a cluster-scoped request is a configuration error",
  ),
  "params.notFoundAllow": corpusOnly(collectParams, "no param found under Allow: the policy is not evaluated"),
  "params.notFoundDeny": corpusOnly(collectParams, "no param found under Deny: the binding's configuration error"),
  "params.oneEvaluationEach": corpusOnly(collectParams, "the policy is evaluated once per param found"),
  "params.withoutParamRefEvaluatedOnce": corpusOnly(
    collectParams,
    "a binding without paramRef of a policy with a paramKind: one evaluation, params null",
  ),
  "policy.conditionErrorDenied": corpusOnly(
    "k8s.io/apiserver pkg/admission/plugin/policy/validating/validator.go Validate, dispatcher.go Dispatch",
    "a validating policy's matchCondition error under Fail denies (422) through a Deny binding",
  ),
  "policy.conditionErrorNotDenied": corpusOnly(
    "k8s.io/apiserver pkg/admission/plugin/policy/validating/dispatcher.go Dispatch",
    "a matchCondition error under Fail only warns or audits when the binding has no Deny: no validation runs",
  ),
  "policy.mutatingConditionErrorForbidden": corpusOnly(
    "k8s.io/apiserver pkg/admission/plugin/policy/mutating/dispatcher.go dispatchInvocations addConfigError",
    "a mutating policy's matchCondition error under Fail is a 403 (Reason Invalid)",
  ),
  "policy.configErrorIgnored": clause(
    "k8s.io/apiserver pkg/admission/plugin/policy/validating/dispatcher.go Dispatch",
    "failurePolicy Ignore drops a configuration error",
  ),
  "policy.definitionNoMatch": clause(
    "k8s.io/apiserver pkg/admission/plugin/policy/generic/policy_matcher.go DefinitionMatches",
    "the policy's matchConstraints do not match",
  ),
  "policy.exemptAuthReviews": clause(
    "k8s.io/apiserver pkg/admission/plugin/policy/generic/plugin.go Dispatch isExcludedFromAllHooks",
    "policies never see the authentication and authorization reviews",
  ),
  "policy.exemptPolicyResources": clause(
    "k8s.io/apiserver pkg/admission/plugin/policy/generic/plugin.go Dispatch isExcludedFromAPIHooks",
    "API-managed policies never see the admission policy resources themselves",
  ),
  "policy.mutatingConfigErrorForbidden": clause(
    "k8s.io/apiserver pkg/admission/plugin/policy/generic/policy_dispatcher.go Dispatch admission.NewForbidden",
    "a mutating policy's configuration error under Fail is a 403",
  ),
  "policy.mutatingNeverHandlesDelete": clause(
    "k8s.io/apiserver pkg/admission/plugin/policy/mutating/plugin.go NewHandler(Create, Update, Connect)",
    "a mutating admission policy is never dispatched for DELETE",
  ),
  "policy.mutationsEvaluated": clause(
    "k8s.io/apiserver pkg/admission/plugin/policy/mutating/dispatcher.go dispatchInvocations",
    "the mutating policy's mutations run",
  ),
  "policy.namespaceObjectNotFound": clause(
    "k8s.io/apiserver pkg/admission/plugin/policy/validating/dispatcher.go Dispatch",
    "the namespace a policy reads as namespaceObject does not exist: the 404 is returned as it is",
  ),
  "policy.validatingSeesGeneratedName": clause(
    "k8s.io/apiserver pkg/registry/rest/create.go AdmissionToValidateObjectFunc",
    'a validating policy sees a generateName create under its generated name, not ""',
  ),
  "policy.validatingConfigErrorInvalid": clause(
    "k8s.io/apiserver pkg/admission/plugin/policy/validating/dispatcher.go Dispatch",
    "a validating policy's configuration error under Fail is a 422, whatever validationActions say",
  ),
  "policy.validationsEvaluated": clause(
    "k8s.io/apiserver pkg/admission/plugin/policy/validating/dispatcher.go Dispatch",
    "the validating policy's validations run",
  ),
  "policy.withoutBindingNeverEvaluated": clause(
    "k8s.io/apiserver pkg/admission/plugin/policy/generic/policy_source.go: only policies with bindings become hooks",
    "a policy that no binding selects is never evaluated",
  ),
  "rules.group.exact": clause(
    "k8s.io/apiserver pkg/admission/plugin/webhook/predicates/rules/rules.go Matcher.Matches",
    "the request's API group is listed",
  ),
  "rules.group.miss": clause(
    "k8s.io/apiserver pkg/admission/plugin/webhook/predicates/rules/rules.go Matcher.Matches",
    "the request's API group is not listed",
  ),
  "rules.group.wildcard": clause(
    "k8s.io/apiserver pkg/admission/plugin/webhook/predicates/rules/rules.go Matcher.Matches",
    'apiGroups "*" matches any group',
  ),
  "rules.operation.exact": clause(
    "k8s.io/apiserver pkg/admission/plugin/webhook/predicates/rules/rules.go Matcher.Matches",
    "the request's operation is listed",
  ),
  "rules.operation.miss": clause(
    "k8s.io/apiserver pkg/admission/plugin/webhook/predicates/rules/rules.go Matcher.Matches",
    "the request's operation is not listed",
  ),
  "rules.operation.wildcard": clause(
    "k8s.io/apiserver pkg/admission/plugin/webhook/predicates/rules/rules.go Matcher.Matches",
    'operations "*" matches any operation',
  ),
  "rules.resource.allWithSubresources": clause(
    "k8s.io/apiserver pkg/admission/plugin/webhook/predicates/rules/rules.go Matcher.Matches",
    '"*/*" matches every resource and subresource',
  ),
  "rules.resource.anyResourceSubresource": clause(
    "k8s.io/apiserver pkg/admission/plugin/webhook/predicates/rules/rules.go Matcher.Matches",
    '"*/y" matches subresource y of any resource',
  ),
  "rules.resource.exact": clause(
    "k8s.io/apiserver pkg/admission/plugin/webhook/predicates/rules/rules.go Matcher.Matches",
    '"x" matches resource x without subresource',
  ),
  "rules.resource.exactSubresource": clause(
    "k8s.io/apiserver pkg/admission/plugin/webhook/predicates/rules/rules.go Matcher.Matches",
    '"x/y" matches subresource y of x',
  ),
  "rules.resource.miss": clause(
    "k8s.io/apiserver pkg/admission/plugin/webhook/predicates/rules/rules.go Matcher.Matches",
    "no resource entry matches a main resource",
  ),
  "rules.resource.subresourceMiss": clause(
    "k8s.io/apiserver pkg/admission/plugin/webhook/predicates/rules/rules.go Matcher.Matches",
    'no resource entry matches a subresource ("*" and "x" never do)',
  ),
  "rules.resource.subresourceWildcard": clause(
    "k8s.io/apiserver pkg/admission/plugin/webhook/predicates/rules/rules.go Matcher.Matches",
    '"x/*" matches every subresource of x',
  ),
  "rules.resource.subresourceWildcardMatchesMain": clause(
    "k8s.io/apiserver pkg/admission/plugin/webhook/predicates/rules/rules.go Matcher.Matches",
    '"x/*" also matches x itself',
  ),
  "rules.resource.wildcardMainOnly": clause(
    "k8s.io/apiserver pkg/admission/plugin/webhook/predicates/rules/rules.go Matcher.Matches",
    '"*" matches every main resource, no subresource',
  ),
  "rules.scope.all": clause(
    "k8s.io/apiserver pkg/admission/plugin/webhook/predicates/rules/rules.go Matcher.Matches",
    'scope "*" matches any request',
  ),
  "rules.scope.clusterExcludesNamespaced": clause(
    "k8s.io/apiserver pkg/admission/plugin/webhook/predicates/rules/rules.go Matcher.Matches",
    "scope Cluster does not match a namespaced request",
  ),
  "rules.scope.clusterIncludesNamespaceObject": clause(
    "k8s.io/apiserver pkg/admission/plugin/webhook/predicates/rules/rules.go Matcher.Matches",
    "scope Cluster matches core/v1 namespaces and their subresources",
  ),
  "rules.scope.clusterMatches": clause(
    "k8s.io/apiserver pkg/admission/plugin/webhook/predicates/rules/rules.go Matcher.Matches",
    "scope Cluster matches a request without namespace",
  ),
  "rules.scope.namespacedExcludesClusterScoped": clause(
    "k8s.io/apiserver pkg/admission/plugin/webhook/predicates/rules/rules.go Matcher.Matches",
    "scope Namespaced does not match a request without namespace",
  ),
  "rules.scope.namespacedExcludesNamespaceObject": clause(
    "k8s.io/apiserver pkg/admission/plugin/webhook/predicates/rules/rules.go Matcher.Matches",
    "scope Namespaced never matches core/v1 namespaces, though they carry a namespace",
  ),
  "rules.scope.namespacedMatches": clause(
    "k8s.io/apiserver pkg/admission/plugin/webhook/predicates/rules/rules.go Matcher.Matches",
    "scope Namespaced matches a namespaced request",
  ),
  "rules.version.exact": clause(
    "k8s.io/apiserver pkg/admission/plugin/webhook/predicates/rules/rules.go Matcher.Matches",
    "the request's API version is listed",
  ),
  "rules.version.miss": clause(
    "k8s.io/apiserver pkg/admission/plugin/webhook/predicates/rules/rules.go Matcher.Matches",
    "the request's API version is not listed",
  ),
  "rules.version.wildcard": clause(
    "k8s.io/apiserver pkg/admission/plugin/webhook/predicates/rules/rules.go Matcher.Matches",
    'apiVersions "*" matches any version',
  ),
  "validation.accepted": clause(
    "k8s.io/kubernetes pkg/apis/admissionregistration/validation/validation.go",
    "the subject passes API validation",
  ),
  "validation.apiGroupsRequired": clause(
    "k8s.io/kubernetes pkg/apis/admissionregistration/validation/validation.go",
    "apiGroups must not be empty",
  ),
  "validation.apiGroupsWildcardMixed": clause(
    "k8s.io/kubernetes pkg/apis/admissionregistration/validation/validation.go",
    'apiGroups "*" must stand alone',
  ),
  "validation.apiVersionEmpty": clause(
    "k8s.io/kubernetes pkg/apis/admissionregistration/validation/validation.go",
    'an apiVersions entry must not be ""',
  ),
  "validation.apiVersionsRequired": clause(
    "k8s.io/kubernetes pkg/apis/admissionregistration/validation/validation.go",
    "apiVersions must not be empty",
  ),
  "validation.apiVersionsWildcardMixed": clause(
    "k8s.io/kubernetes pkg/apis/admissionregistration/validation/validation.go",
    'apiVersions "*" must stand alone',
  ),
  "validation.failurePolicyUnsupported": clause(
    "k8s.io/kubernetes pkg/apis/admissionregistration/validation/validation.go",
    "failurePolicy must be Fail or Ignore",
  ),
  "validation.matchConditionCompileError": corpusOnly(
    conditionValidation,
    "a matchCondition expression that does not compile, or is not boolean, is invalid",
  ),
  "validation.matchConditionExpressionRequired": corpusOnly(
    conditionValidation,
    "a matchCondition needs an expression",
  ),
  "validation.matchConditionNameDuplicate": corpusOnly(conditionValidation, "matchCondition names are unique"),
  "validation.matchConditionNameInvalid": corpusOnly(conditionValidation, "a matchCondition name is a qualified name"),
  "validation.matchConditionNameRequired": corpusOnly(conditionValidation, "a matchCondition needs a name"),
  "validation.matchConditionsTooMany": corpusOnly(conditionValidation, "at most 64 matchConditions"),
  "validation.matchPolicyUnsupported": clause(
    "k8s.io/kubernetes pkg/apis/admissionregistration/validation/validation.go",
    "matchPolicy must be Exact or Equivalent",
  ),
  "validation.mutatingOperationUnsupported": clause(
    "k8s.io/kubernetes pkg/apis/admissionregistration/validation/validation.go",
    "a mutating policy's resourceRules may not name DELETE",
  ),
  "validation.operationUnsupported": clause(
    "k8s.io/kubernetes pkg/apis/admissionregistration/validation/validation.go",
    "an operation must be *, CREATE, UPDATE, DELETE or CONNECT",
  ),
  "validation.operationsRequired": clause(
    "k8s.io/kubernetes pkg/apis/admissionregistration/validation/validation.go",
    "operations must not be empty",
  ),
  "validation.operationsWildcardMixed": clause(
    "k8s.io/kubernetes pkg/apis/admissionregistration/validation/validation.go",
    'operations "*" must stand alone',
  ),
  "validation.paramKindInvalid": corpusOnly(paramValidation, "paramKind's apiVersion and kind as upstream checks them"),
  "validation.paramRefInvalid": corpusOnly(
    paramValidation,
    "paramRef: name or selector, not both; parameterNotFoundAction Deny or Allow",
  ),
  "validation.policyMatchConstraintsRequired": clause(
    "k8s.io/kubernetes pkg/apis/admissionregistration/validation/validation.go",
    "a policy needs matchConstraints",
  ),
  "validation.policyNameNotDNSSubdomain": clause(
    "k8s.io/kubernetes pkg/apis/admissionregistration/validation/validation.go validateValidatingAdmissionPolicyBindingSpec",
    "a binding's policyName must be a DNS subdomain",
  ),
  "validation.policyNameRequired": clause(
    "k8s.io/kubernetes pkg/apis/admissionregistration/validation/validation.go validateValidatingAdmissionPolicyBindingSpec",
    "a binding's policyName, when given, must not be empty",
  ),
  "validation.policyResourceRulesRequired": clause(
    "k8s.io/kubernetes pkg/apis/admissionregistration/validation/validation.go",
    "a policy's matchConstraints need at least one resourceRule",
  ),
  "validation.resourceAfterResourceWildcard": clause(
    "k8s.io/kubernetes pkg/apis/admissionregistration/validation/validation.go",
    '"x/y" is rejected after "*/y"',
  ),
  "validation.resourceAfterSubresourceWildcard": clause(
    "k8s.io/kubernetes pkg/apis/admissionregistration/validation/validation.go",
    '"x/y" is rejected after "x/*"',
  ),
  "validation.resourceEmpty": clause(
    "k8s.io/kubernetes pkg/apis/admissionregistration/validation/validation.go",
    'a resources entry must not be ""',
  ),
  "validation.resourceNameDuplicate": clause(
    "k8s.io/kubernetes pkg/apis/admissionregistration/validation/validation.go",
    "resourceNames must be unique",
  ),
  "validation.resourceNameInvalid": clause(
    "k8s.io/kubernetes pkg/apis/admissionregistration/validation/validation.go",
    "a resourceName may not be . or .. nor contain / or %",
  ),
  "validation.resourcesDoubleWildcardMixed": clause(
    "k8s.io/kubernetes pkg/apis/admissionregistration/validation/validation.go",
    '"*/*" must stand alone',
  ),
  "validation.resourcesRequired": clause(
    "k8s.io/kubernetes pkg/apis/admissionregistration/validation/validation.go",
    "resources must not be empty",
  ),
  "validation.resourcesSingleWildcardMixed": clause(
    "k8s.io/kubernetes pkg/apis/admissionregistration/validation/validation.go",
    '"*" with a plain resource is rejected when the last plain entry is not "*"',
  ),
  "validation.scopeUnsupported": clause(
    "k8s.io/kubernetes pkg/apis/admissionregistration/validation/validation.go",
    "scope must be *, Cluster or Namespaced",
  ),
  "validation.selectorKeyInvalid": clause(
    "k8s.io/apimachinery pkg/apis/meta/v1/validation/validation.go ValidateLabelSelector",
    "a selector key must be a qualified name",
  ),
  "validation.selectorOperatorInvalid": clause(
    "k8s.io/apimachinery pkg/apis/meta/v1/validation/validation.go ValidateLabelSelectorRequirement",
    "a selector operator must be In, NotIn, Exists or DoesNotExist",
  ),
  "validation.selectorValueInvalid": clause(
    "k8s.io/apimachinery pkg/apis/meta/v1/validation/validation.go ValidateLabelSelector",
    "a selector value must be a valid label value",
  ),
  "validation.selectorValuesForbidden": clause(
    "k8s.io/apimachinery pkg/apis/meta/v1/validation/validation.go ValidateLabelSelectorRequirement",
    "Exists and DoesNotExist take no values",
  ),
  "validation.selectorValuesRequired": clause(
    "k8s.io/apimachinery pkg/apis/meta/v1/validation/validation.go ValidateLabelSelectorRequirement",
    "In and NotIn need values",
  ),
  "validation.validationActionsInvalid": clause(
    "k8s.io/kubernetes pkg/apis/admissionregistration/validation/validation.go validateValidationActions",
    "a binding's validationActions are known, unique, not Deny with Warn, and at least one",
  ),
  "webhook.called": clause(
    "k8s.io/apiserver pkg/admission/plugin/webhook/generic/webhook.go ShouldCallHook",
    "the webhook is called",
  ),
  "webhook.conditionErrorForbidden": corpusOnly(
    "k8s.io/apiserver pkg/admission/plugin/webhook/generic/webhook.go ShouldCallHook",
    "a webhook's matchCondition error under Fail is a 403 Forbidden on the request's resource and name",
  ),
  "webhook.emptyRulesNeverMatch": clause(
    "k8s.io/apiserver pkg/admission/plugin/webhook/generic/webhook.go ShouldCallHook",
    "a webhook with no rules is never called",
  ),
  "webhook.equivalentRuleMatches": clause(
    "k8s.io/apiserver pkg/admission/plugin/webhook/generic/webhook.go ShouldCallHook",
    "under Equivalent a rule matches an equivalent resource; the webhook gets that resource and kind",
  ),
  "webhook.equivalentUnknownKind": clause(
    "k8s.io/apiserver pkg/admission/plugin/webhook/generic/webhook.go ShouldCallHook",
    "an equivalent resource without a kind is a 500 error",
  ),
  "webhook.exactPolicyStops": clause(
    "k8s.io/apiserver pkg/admission/plugin/webhook/generic/webhook.go ShouldCallHook",
    "matchPolicy Exact: no equivalent resources are tried",
  ),
  "webhook.exactRuleMatches": clause(
    "k8s.io/apiserver pkg/admission/plugin/webhook/generic/webhook.go ShouldCallHook",
    "a rule matches the request's own resource",
  ),
  "webhook.exemptAuthReviews": clause(
    "k8s.io/apiserver pkg/admission/plugin/webhook/generic/webhook.go Dispatch isExcludedFromAllHooks",
    "from 1.37 webhooks never see the authentication and authorization reviews",
  ),
  "webhook.exemptConfigurationKind": clause(
    "k8s.io/apiserver pkg/admission/plugin/webhook/predicates/rules/rules.go IsExemptAdmissionConfigurationResource",
    "webhooks never see admission configuration kinds (MutatingAdmissionPolicy kinds from 1.32)",
  ),
  "webhook.namespaceErrorReturned": clause(
    "k8s.io/apiserver pkg/admission/plugin/webhook/generic/webhook.go ShouldCallHook",
    "a namespace selector error is returned as it is once the rules matched, whatever the failurePolicy",
  ),
  "webhook.namespaceSelectorNoMatch": clause(
    "k8s.io/apiserver pkg/admission/plugin/webhook/generic/webhook.go ShouldCallHook",
    "a namespace selector that cleanly does not match: not called",
  ),
  "webhook.validatingSeesGeneratedName": clause(
    "k8s.io/apiserver pkg/registry/rest/create.go AdmissionToValidateObjectFunc",
    'a validating webhook sees a generateName create under its generated name, not ""',
  ),
  "webhook.noEquivalentMatches": clause(
    "k8s.io/apiserver pkg/admission/plugin/webhook/generic/webhook.go ShouldCallHook",
    "under Equivalent no rule matches any equivalent resource",
  ),
  "webhook.objectErrorReturned": clause(
    "k8s.io/apiserver pkg/admission/plugin/webhook/generic/webhook.go ShouldCallHook",
    "an object selector error is returned as it is once the rules matched",
    false,
  ),
  "webhook.objectSelectorNoMatch": clause(
    "k8s.io/apiserver pkg/admission/plugin/webhook/generic/webhook.go ShouldCallHook",
    "an object selector that cleanly does not match: not called",
  ),
  "webhook.selectorErrorSwallowedByRules": clause(
    "k8s.io/apiserver pkg/admission/plugin/webhook/generic/webhook.go ShouldCallHook",
    "rules that do not match swallow a pending selector error",
  ),
} as const satisfies Record<string, Clause>;

export type ClauseName = keyof typeof clauses;

export const clauseNames = Object.keys(clauses) as ClauseName[];
