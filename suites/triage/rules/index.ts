// The triage rules, in the order they are tried on a reduced case; the first that finds something
// names the cause. A new rule is a file beside these, exporting a TriageRule, and a line here.
import type { TriageContext } from "../triageContext.ts";
import { celPart } from "./celPart.ts";
import { clusterParamNamespaceRule } from "./clusterParamNamespace.ts";
import { clusterScopedParamLookupRule, clusterScopedParamNoneRule } from "./clusterScopedParamLookup.ts";
import { clusterScopedSelectorRule } from "./clusterScopedSelector.ts";
import { emptyNameResourceNamesRule } from "./emptyNameResourceNames.ts";
import { emptyRulesNothingRule } from "./emptyRulesNothing.ts";
import { ignoreSwallowsSelectorErrorRule, warnDropsConfigErrorRule } from "./errorsKept.ts";
import { exemptKindsRule } from "./exemptKinds.ts";
import { generateNameAsNameRule } from "./generateNameAsName.ts";
import { generateNamePrefixRule } from "./generateNamePrefix.ts";
import { guessesPluralRule } from "./guessesPlural.ts";
import { ignoresBindingResourcesRule } from "./ignoresBindingResources.ts";
import { ignoresEquivalentRule } from "./ignoresEquivalent.ts";
import { droppedParamKindRule, paramsOfOtherKindsRule, unservedParamKindRule } from "./ignoresParamKind.ts";
import { ignoresPolicyConstraintsRule } from "./ignoresPolicyConstraints.ts";
import { ignoresValidationActionsRule } from "./ignoresValidationActions.ts";
import { messageOnly } from "./messageOnly.ts";
import { selectorParamsAsListWordsRule } from "./messageProbes.ts";
import { missingNamespaceRule } from "./missingNamespace.ts";
import { mutatingDeleteRule } from "./mutatingDelete.ts";
import { namespaceOwnLabelsRule } from "./namespaceOwnLabels.ts";
import { namespaceRequestNamespaceRule } from "./namespaceRequestNamespace.ts";
import { namespaceScopeRule } from "./namespaceScope.ts";
import { objectSelectorNewOnlyRule } from "./objectSelectorNewOnly.ts";
import { paramFromOtherNamespaceRule } from "./paramFromOtherNamespace.ts";
import { paramNotFoundRule } from "./paramNotFound.ts";
import { placement } from "./placement.ts";
import { resourcesOrderRule } from "./resourcesOrder.ts";
import type { Finding, ReducedCase, TriageRule } from "./rule.ts";
import { rulesOrderRule } from "./rulesOrder.ts";
import { selectorErrorEarlyRule } from "./selectorErrorEarly.ts";
import { selectorParamsAsListRule } from "./selectorParamsAsList.ts";
import { skipsConditionsRule } from "./skipsConditions.ts";
import { starResourceNamesRule } from "./starResourceNames.ts";
import { mainOutOfWildcardRule, starSubresourcesRule } from "./subresourceWildcards.ts";
import { unboundPolicyRule } from "./unboundPolicy.ts";

export const rules: readonly TriageRule[] = [
  // Only the message differs: a selector's params handed as one List, where the words change with
  // them (messageProbes.ts); else nothing else is asked.
  selectorParamsAsListWordsRule,
  messageOnly,
  // Counterfactual probes (counterfactual.ts): one change to the case makes the divergence
  // disappear, and names what the implementation does. Conditions not evaluated at all come
  // before the CEL parts, so that such a tool is not sent hunting a CEL function.
  skipsConditionsRule,
  // A condition's error failing the request whatever validationActions say, and params collected
  // otherwise than CollectParams does: named before the CEL parts, which would name the condition
  // that saw them (a params field missing, an error).
  ignoresValidationActionsRule,
  paramFromOtherNamespaceRule,
  clusterScopedParamLookupRule,
  clusterScopedParamNoneRule,
  clusterParamNamespaceRule,
  unservedParamKindRule,
  droppedParamKindRule,
  paramsOfOtherKindsRule,
  paramNotFoundRule,
  selectorParamsAsListRule,
  // A Namespace's request.namespace left empty: named before the CEL part that reads it.
  namespaceRequestNamespaceRule,
  // The decision turns on matchConditions: the part of a condition the implementation gets wrong.
  celPart,
  // A policy's constraints decided by where they stand rather than what they say: ignored once a
  // binding exists (whatever the binding holds), else placement's wider "decided as a binding's".
  ignoresPolicyConstraintsRule,
  // The reverse: the binding's matchResources ignored, the policy's constraints alone deciding.
  ignoresBindingResourcesRule,
  // A policy's constraints decided by where they stand rather than what they say.
  placement,
  ignoresEquivalentRule,
  guessesPluralRule,
  starResourceNamesRule,
  generateNameAsNameRule,
  generateNamePrefixRule,
  exemptKindsRule,
  mutatingDeleteRule,
  namespaceOwnLabelsRule,
  // Errors the implementation drops: the setting it wrongly lets drop them, before the namespace.
  warnDropsConfigErrorRule,
  ignoreSwallowsSelectorErrorRule,
  missingNamespaceRule,
  // Behaviours that show through many resource clauses: keyed once whichever rule the case crossed.
  clusterScopedSelectorRule,
  objectSelectorNewOnlyRule,
  mainOutOfWildcardRule,
  starSubresourcesRule,
  emptyRulesNothingRule,
  unboundPolicyRule,
  // The order of the passes under Equivalent, the scope of a Namespace, the name "", a selector's
  // error kept where kube-apiserver drops it, and the order of a rule's resources in validation:
  // behaviours that otherwise show as the clause the case crossed.
  rulesOrderRule,
  namespaceScopeRule,
  emptyNameResourceNamesRule,
  selectorErrorEarlyRule,
  resourcesOrderRule,
];

export async function firstFinding(ctx: TriageContext, c: ReducedCase): Promise<Finding | undefined> {
  for (const rule of rules) {
    const found = await rule.find(ctx, c);
    if (found !== undefined) return found;
  }
  return undefined;
}
