// The signature that groups divergences into buckets: the model's deciding clause and the two
// outcomes, so that a thousand failing samples read as a few named bugs.

import type { Answer } from "../../oracles/adapters/matcher.ts";
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

/** Clauses taken by most decisions: they decide only when nothing rarer was taken. */
function common(c: ClauseName): boolean {
  return (
    c.startsWith("defaulting.") ||
    c.startsWith("labelSelector.") ||
    /^rules\.(operation|group|version)\./.test(c) ||
    ["rules.scope.all", "rules.resource.exact", "rules.resource.wildcardMainOnly", "rules.resource.miss"].includes(c) ||
    [
      "namespaceSelector.emptyMatchesWithoutLookup",
      "namespaceSelector.storedNamespaceLabels",
      "objectSelector.emptyMatchesAll",
      "objectSelector.newObjectMatches",
      "matchResources.exactPolicyStops",
      "webhook.exactPolicyStops",
    ].includes(c)
  );
}

/** The last clause of the rarest kind the model's decision went through. */
export function decidingClause(clauses: readonly ClauseName[]): ClauseName | "none" {
  const specific = clauses.filter((c) => !summaries.has(c) && !common(c));
  const fallback = clauses.filter((c) => !summaries.has(c));
  return specific.at(-1) ?? fallback.at(-1) ?? clauses.at(-1) ?? "none";
}

export type AnswerName = OutcomeName | "skipped" | "errored" | "crashed" | "timeout" | "garbage" | "protocol";

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

/** `clause · model X · implementation Y`; implementation failures group by their kind alone. */
export function signature(clauses: readonly ClauseName[], model: OutcomeName, answer: Answer): string {
  const impl = answerName(answer);
  if (answer.answer === "errored" || answer.answer === "broken") return `implementation ${impl}`;
  return `${decidingClause(clauses)} · model ${model} · implementation ${impl}`;
}
