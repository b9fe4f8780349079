// `matchconform/generators`: the suite's fast-check arbitraries, one per Kubernetes type they draw.
// `scenario()` draws a whole decision to make (subject, cluster, request, minor), the input of
// `decide` and of a line-protocol `match` message.
export type { AdmissionRequestConstraints } from "../generators/admissionRequest.ts";
export { admissionRequest } from "../generators/admissionRequest.ts";
export type { ClusterConstraints } from "../generators/cluster.ts";
export { cluster } from "../generators/cluster.ts";
export type { InvalidLabelSelectorConstraints } from "../generators/invalidLabelSelector.ts";
export { invalidLabelSelector } from "../generators/invalidLabelSelector.ts";
export type { InvalidSubjectConstraints } from "../generators/invalidSubject.ts";
export { invalidSubject } from "../generators/invalidSubject.ts";
export type { LabelKeyConstraints } from "../generators/labelKey.ts";
export { labelKey } from "../generators/labelKey.ts";
export type { LabelSelectorConstraints } from "../generators/labelSelector.ts";
export { labelSelector } from "../generators/labelSelector.ts";
export type { LabelsConstraints } from "../generators/labels.ts";
export { labels } from "../generators/labels.ts";
export type { LabelValueConstraints } from "../generators/labelValue.ts";
export { labelValue } from "../generators/labelValue.ts";
export type { MatchResourcesConstraints } from "../generators/matchResources.ts";
export { matchResources } from "../generators/matchResources.ts";
export type { NamedRuleWithOperationsConstraints } from "../generators/namedRuleWithOperations.ts";
export { namedRuleWithOperations } from "../generators/namedRuleWithOperations.ts";
export type { PolicyWithBindingConstraints } from "../generators/policyWithBinding.ts";
export { policyWithBinding } from "../generators/policyWithBinding.ts";
export type { RuleWithOperationsConstraints } from "../generators/ruleWithOperations.ts";
export { ruleWithOperations } from "../generators/ruleWithOperations.ts";
export type { Scenario, ScenarioConstraints } from "../generators/scenario.ts";
export { scenario } from "../generators/scenario.ts";
export type { Swarm, SwarmConstraints } from "../generators/swarm.ts";
export { swarm } from "../generators/swarm.ts";
export type { WebhookConstraints } from "../generators/webhook.ts";
export { webhook } from "../generators/webhook.ts";
