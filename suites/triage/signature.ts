// The signature that groups divergences into buckets: the model's deciding clause and the two
// outcomes, so that a thousand failing samples read as a few named bugs.

import type { Answer, BrokenProblem } from "../../oracles/adapters/matcher.ts";
import type { OutcomeName } from "../../oracles/contract/outcome.ts";
import type { ClauseName } from "../../oracles/model/clauses.ts";

/** Clauses every decision of a kind passes through: they name no behaviour of their own. */
const summaries = new Set<ClauseName>([
  "validation.accepted",
  "policy.validationsEvaluated",
  "policy.mutationsEvaluated",
  "policy.definitionNoMatch",
  "binding.matches",
  "webhook.called",
  "matchResources.exactRuleMatches",
  "webhook.exactRuleMatches",
  "matchResources.rulesNoMatch",
  "matchResources.noEquivalentMatches",
  "webhook.noEquivalentMatches",
]);

/** Decisions that end the matching at once: exemptions, errors, exclusion, no binding. */
const shortCircuits =
  /exempt|NeverHandlesDelete|withoutBindingNeverEvaluated|NotFound|Error|UnknownKind|excludeWins|emptyNamespaceLookup|swallowed|Swallowed|Dropped/;

/** Clauses of the common path that decide only when nothing rarer was taken. */
const structural = new Set<string>([
  "namespaceSelector.clusterScopedAlwaysMatches",
  "rules.scope.namespacedMatches",
  "rules.scope.clusterMatches",
  "objectSelector.nullObjectNeverMatches",
  "objectSelector.neitherObjectMatches",
  "binding.withoutMatchResourcesMatchesAll",
]);

function routine(c: ClauseName): boolean {
  return (
    c.startsWith("defaulting.") ||
    c.startsWith("labelSelector.") ||
    /^rules\.(operation|group|version)\./.test(c) ||
    [
      "rules.scope.all",
      "rules.resource.exact",
      "rules.resource.wildcardMainOnly",
      "rules.resource.allWithSubresources",
      "rules.resource.miss",
      "namespaceSelector.emptyMatchesWithoutLookup",
      "namespaceSelector.storedNamespaceLabels",
      "objectSelector.emptyMatchesAll",
      "objectSelector.newObjectMatches",
      "matchResources.exactPolicyStops",
      "webhook.exactPolicyStops",
    ].includes(c)
  );
}

/** A clause of the common path: every decision of its kind passes through it or one like it. */
export function isRoutine(c: ClauseName): boolean {
  return summaries.has(c) || routine(c);
}

function tier(c: ClauseName): number {
  if (summaries.has(c)) return 0;
  if (c.startsWith("validation.") || shortCircuits.test(c)) return 4;
  if (routine(c)) return 1;
  if (structural.has(c)) return 2;
  return 3;
}

/**
 * The clause the model's decision turned on: the first clause of the highest tier it took —
 * a short cut (exemption, error, exclusion, failed validation), then an out-of-the-way clause,
 * then a structural one, then the routine path.
 */
export function decidingClause(clauses: readonly ClauseName[]): ClauseName | "none" {
  const rank = namesRead(clauses) ? tier : (c: ClauseName) => (generatedName.test(c) ? 0 : tier(c));
  let best: ClauseName | undefined;
  for (const c of clauses) if (best === undefined || rank(c) > rank(best)) best = c;
  return best ?? "none";
}

/**
 * A validating subject sees a generateName CREATE under its generated name (the model takes the
 * clause on every such request), which decides only where the name is read: by resourceNames or a
 * matchCondition. Elsewhere it is the routine path, so that a divergence on a generateName CREATE
 * that no name decided (a rule's resource, a selector) is not keyed, nor its impact counted, as one
 * on the generated name.
 */
const generatedName = /\.validatingSeesGeneratedName$/;
const namesRead = (clauses: readonly ClauseName[]) =>
  clauses.some(
    (c) => c.startsWith("matchResources.resourceNames") || c.startsWith("matchConditions.") || /\.condition/.test(c),
  );

export type AnswerName = OutcomeName | "skipped" | "errored" | BrokenProblem;

export function answerName(a: Answer): AnswerName {
  switch (a.answer) {
    case "outcome":
      return a.outcome.outcome;
    case "skipped":
    case "errored":
      return a.answer;
    case "broken":
      return a.problem;
  }
}

/**
 * `clause · model X · implementation Y`. Implementation failures group by their kind alone; a
 * disagreement on validity turns on validation itself.
 */
export function signature(clauses: readonly ClauseName[], model: OutcomeName, answer: Answer): string {
  const impl = answerName(answer);
  if (answer.answer === "errored" || answer.answer === "broken") return `implementation ${impl}`;
  const clause = impl === "invalid" && model !== "invalid" ? "validation.accepted" : decidingClause(clauses);
  return `${clause} · model ${model} · implementation ${impl}`;
}
