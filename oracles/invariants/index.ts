// Every invariant, in the order reports list them.
import { bindingNarrowsPolicy } from "./bindingNarrowsPolicy.ts";
import { clusterScopedIgnoresNamespaceSelector } from "./clusterScopedIgnoresNamespaceSelector.ts";
import { conditionOrderIrrelevant } from "./conditionOrderIrrelevant.ts";
import { decidesTwiceAlike } from "./decidesTwiceAlike.ts";
import { equivalentCoversExact } from "./equivalentCoversExact.ts";
import { excludeEverythingNeverMatches } from "./excludeEverythingNeverMatches.ts";
import { excludeNeverAddsMatches } from "./excludeNeverAddsMatches.ts";
import { falseConditionNeverMatches } from "./falseConditionNeverMatches.ts";
import type { Invariant } from "./invariant.ts";
import { listOrderIrrelevant } from "./listOrderIrrelevant.ts";
import { manifestDecidesAsStored } from "./manifestDecidesAsStored.ts";
import { matchLabelsAsIn } from "./matchLabelsAsIn.ts";
import { oldObjectIrrelevantWithoutObjectSelector } from "./oldObjectIrrelevantWithoutObjectSelector.ts";
import { omittedFieldDecidesAsDefault } from "./omittedFieldDecidesAsDefault.ts";
import { renameLabelKeyEverywhere } from "./renameLabelKeyEverywhere.ts";
import { renameNamespace } from "./renameNamespace.ts";
import { resourceRuleNeverRemovesMatches } from "./resourceRuleNeverRemovesMatches.ts";
import { ruleOrderIrrelevant } from "./ruleOrderIrrelevant.ts";
import { selectorRequirementNeverAddsMatches } from "./selectorRequirementNeverAddsMatches.ts";
import { trueConditionChangesNothing } from "./trueConditionChangesNothing.ts";
import { unmentionedLabelsIrrelevant } from "./unmentionedLabelsIrrelevant.ts";
import { unrelatedNamespacesIrrelevant } from "./unrelatedNamespacesIrrelevant.ts";
import { validatingAndMutatingAgree } from "./validatingAndMutatingAgree.ts";
import { webhookDecidesAsMatchResources } from "./webhookDecidesAsMatchResources.ts";
import { wildcardCoversExact } from "./wildcardCoversExact.ts";

export const invariants: readonly Invariant[] = [
  excludeNeverAddsMatches,
  excludeEverythingNeverMatches,
  resourceRuleNeverRemovesMatches,
  selectorRequirementNeverAddsMatches,
  equivalentCoversExact,
  bindingNarrowsPolicy,
  ruleOrderIrrelevant,
  listOrderIrrelevant,
  wildcardCoversExact,
  matchLabelsAsIn,
  renameLabelKeyEverywhere,
  unmentionedLabelsIrrelevant,
  renameNamespace,
  unrelatedNamespacesIrrelevant,
  clusterScopedIgnoresNamespaceSelector,
  oldObjectIrrelevantWithoutObjectSelector,
  omittedFieldDecidesAsDefault,
  manifestDecidesAsStored,
  decidesTwiceAlike,
  webhookDecidesAsMatchResources,
  validatingAndMutatingAgree,
  trueConditionChangesNothing,
  falseConditionNeverMatches,
  conditionOrderIrrelevant,
];
