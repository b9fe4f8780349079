// What a divergence is about, read from its reduced case: the clause the model's decision turned on,
// the two outcomes, and the few features the minimal case still needs that select a code path of
// their own (failurePolicy Ignore, a binding's validationActions). Divergences of one bug reduce to
// the same minimal case, so they share this key however their raw examples looked.
import type { Answer } from "../../oracles/adapters/matcher.ts";
import type { UpstreamName } from "../../oracles/adapters/reference.ts";
import type { OutcomeName } from "../../oracles/contract/outcome.ts";
import type { Query } from "../../oracles/contract/query.ts";
import type { ClauseName } from "../../oracles/model/clauses.ts";
import { clauses } from "../../oracles/model/clauses.ts";
import { celTopicOf } from "./celTopic.ts";
import type { Diagnosis } from "./diagnosis.ts";
import { denialFraming, families, familyOf } from "./diagnosis.ts";
import { emptyRequestFields, filledRequestFields, keptRequestFields } from "./rules/celPart.ts";
import { placementOfTopic, placements } from "./rules/placement.ts";
import type { AnswerName } from "./signature.ts";
import { answerName, decidingClause, isRoutine } from "./signature.ts";

/** Clauses that are two sides of one upstream rule. */
const sides: Readonly<Partial<Record<ClauseName, string>>> = {
  "namespaceSelector.namespaceNotFound": "namespaceSelector.namespaceLookupFails",
  "namespaceSelector.emptyNamespaceLookup": "namespaceSelector.namespaceLookupFails",
  "namespaceSelector.namespaceObjectUsesNewLabels": "namespaceSelector.namespaceObjectLabels",
  "namespaceSelector.namespaceObjectUsesStoredLabels": "namespaceSelector.namespaceObjectLabels",
  "rules.scope.clusterIncludesNamespaceObject": "rules.scope.namespaceObjectIsClusterScoped",
  "rules.scope.namespacedExcludesNamespaceObject": "rules.scope.namespaceObjectIsClusterScoped",
};

/**
 * Clauses that name one behaviour in several places (the policy and the webhook matcher, the two
 * sides of one rule, every exemption): a bug there is one bug.
 */
function topicOf(clause: ClauseName | "none"): string {
  if (clause === "none") return clause;
  if (/\.exempt/.test(clause)) return "exemptions";
  return sides[clause] ?? clause.replace(/^(matchResources|webhook)\./, "matching.");
}

/**
 * The two outcomes as the key states them, by what went wrong rather than which way: one bug turns
 * a match into a non-match or the reverse depending on a selector's operator, and fails a request
 * whatever kube-apiserver decides there.
 */
export function pairOf(model: OutcomeName, impl: AnswerName): string {
  const plain = (o: string) => o === "match" || o === "noMatch";
  if (plain(model) && plain(impl)) return model === impl ? "match through another resource" : "match ≠ noMatch";
  if (impl === "error") return "the implementation fails the request";
  if (model === "error" && plain(impl)) return "kube-apiserver fails the request, the implementation does not";
  return `model ${model} · implementation ${impl}`;
}

function routine(c: ClauseName | "none"): boolean {
  return c !== "none" && isRoutine(c);
}

/**
 * Both match, through different resources: what differs is which pass found the match (the exact
 * pass before any equivalent, or the order of the equivalent pass), whatever rule matched.
 */
function passOf(modelClauses: readonly ClauseName[]): ClauseName | undefined {
  const pass = /^(matchResources|webhook)\.(exactRuleMatches|equivalentRuleMatches|rulesNoMatch|noEquivalentMatches)$/;
  return modelClauses.find((c) => pass.test(c));
}

/** The reduced case's features that select a code path of their own. */
export function featuresOf(q: Query, errs: boolean): string[] {
  const s = q.subject;
  const features: string[] = [];
  const failurePolicy = "webhook" in s ? s.webhook.failurePolicy : "policy" in s ? s.policy.failurePolicy : undefined;
  if (failurePolicy === "Ignore" && errs) features.push("failurePolicy Ignore");
  if (s.kind === "ValidatingAdmissionPolicy" && s.binding?.validationActions !== undefined) {
    if (!s.binding.validationActions.includes("Deny")) features.push("validationActions without Deny");
  }
  return features;
}

export function diagnosisOf(
  q: Query,
  modelClauses: readonly ClauseName[],
  model: OutcomeName,
  answer: Answer,
): Diagnosis {
  const impl = answerName(answer);
  if (answer.answer === "errored" || answer.answer === "broken") {
    return {
      key: `implementation ${impl}`,
      clause: "none",
      topic: "implementation",
      model,
      implementation: impl,
      features: [],
    };
  }
  const family = familyOf(model, impl);
  const deciding = decidingClause(modelClauses);
  // Both match through different resources, or only routine clauses were taken: the pass that
  // decided (a rule matched exactly or through an equivalent, or none did) is what the case is about.
  const clause =
    (impl === "match" && model === "match") || routine(deciding) ? (passOf(modelClauses) ?? deciding) : deciding;
  if (family) {
    return { key: `family ${family}`, clause, topic: family, model, implementation: impl, features: [], family };
  }
  // The conditions' evaluation decided: the CEL they use is the cause, whichever way it turned.
  const cel = celTopicOf(q, deciding);
  if (cel !== undefined) {
    const topic = `cel ${cel}`;
    return { key: topic, clause: deciding, topic, model, implementation: impl, features: [] };
  }
  const topic = topicOf(clause);
  // failurePolicy Ignore selects a code path of its own only where an error is at stake: elsewhere
  // it merely turns the implementation's error into a plain disagreement.
  const features = featuresOf(q, model === "error" || impl === "error");
  const key = [topic, pairOf(model, impl), ...features].join(" · ");
  return { key, clause, topic, model, implementation: impl, features };
}

const outcomeWords: Record<string, string> = {
  match: "matches",
  noMatch: "does not match",
  error: "fails the request",
  invalid: "rejects the subject as invalid",
  skipped: "skips",
  errored: "errors",
  crashed: "crashes",
  timeout: "times out",
  garbage: "answers garbage",
  protocol: "breaks the protocol",
};

/** What else differs when both sides take the same outcome (agreement.ts agree). */
const sameOutcomeDiffers: Partial<Record<string, string>> = {
  match: " (through another resource or kind, or with other params)",
  error: " (with another HTTP status)",
};

const quoteWords = (w: string) => JSON.stringify(w.length > 80 ? `${w.slice(0, 79)}…` : w);

/** The bucket's title: what kube-apiserver does there, next to what the implementation did. */
export function titleOf(d: Diagnosis): string {
  if (d.reference !== undefined) return outsideTitle(d, d.reference);
  if (d.behaviour) return `${d.behaviour.title}${d.features.length > 0 ? ` [${d.features.join(", ")}]` : ""}`;
  const where = placementOfTopic(d.topic);
  if (where) return placements[where].title;
  if (d.family) return `The implementation ${families[d.family].title}`;
  if (d.topic === "implementation") return `The implementation ${outcomeWords[d.implementation] ?? d.implementation}`;
  const kube = outcomeWords[d.model] ?? d.model;
  const impl = outcomeWords[d.implementation] ?? d.implementation;
  const cel = d.topic.startsWith("cel ") ? d.topic.slice("cel ".length) : undefined;
  if (d.topic === denialFraming && d.wording !== undefined)
    return `fails the request with kube-apiserver's reason word for word but without its framing: kube-apiserver's message puts ${quoteWords(d.wording)} before the reason, the implementation's gives the reason alone`;
  if (d.topic === "cel messages" && d.wording !== undefined)
    return `matchConditions: the implementation's CEL words its evaluation errors otherwise than kube-apiserver's: its message lacks ${quoteWords(d.wording)}`;
  if (cel === filledRequestFields && d.celPart !== undefined)
    return `matchConditions see the request's empty fields filled with values of the implementation's own (${d.celPart.expression} is not empty there): kube-apiserver's CEL leaves empty fields out, and ${d.celPart.expression} is ${d.celPart.reference}`;
  if (cel === keptRequestFields && d.celPart !== undefined)
    return `matchConditions see the request's empty fields as empty values (${d.celPart.expression} is empty there): kube-apiserver's CEL leaves them out, and ${d.celPart.expression} is ${d.celPart.reference}`;
  if (cel === emptyRequestFields && d.celPart !== undefined)
    return `matchConditions: kube-apiserver's CEL leaves the request's empty fields out, the implementation's does not: ${d.celPart.expression} is ${d.celPart.reference} in kube-apiserver`;
  if (cel !== undefined && d.celPart !== undefined)
    return `matchConditions: ${cel} evaluates otherwise than in kube-apiserver's CEL, where ${d.celPart.expression} is ${d.celPart.reference}`;
  if (cel !== undefined && d.wording === undefined)
    return `matchConditions using ${cel} evaluate otherwise than in kube-apiserver's CEL`;
  const what =
    cel !== undefined ? `matchConditions using ${cel}: ` : d.clause === "none" ? "" : `${clauses[d.clause].summary}: `;
  const features = d.features.length > 0 ? ` [${d.features.join(", ")}]` : "";
  if (d.wording !== undefined)
    return `${what}kube-apiserver ${kube}, and so does the implementation, but its message lacks ${quoteWords(d.wording)}${features}`;
  const also = d.model === d.implementation ? (sameOutcomeDiffers[d.model] ?? "") : "";
  return `${what}kube-apiserver ${kube}, the implementation ${impl}${also}${features}`;
}

/** Where the model stops, the cause is named by why it stopped, and by the oracle that decided instead. */
function outsideTitle(d: Diagnosis, by: UpstreamName): string {
  const kube = outcomeWords[d.model] ?? d.model;
  const impl = outcomeWords[d.implementation] ?? d.implementation;
  const also = d.model === d.implementation ? (sameOutcomeDiffers[d.model] ?? "") : "";
  const what =
    d.wording === undefined
      ? `, the implementation ${impl}${also}`
      : `; the implementation's message lacks ${quoteWords(d.wording)}`;
  return `${featureOfTopic(d.topic)}: kube-apiserver ${kube} (its own code, ${by})${what}`;
}

/**
 * The feature a cause beyond the model is about, in the reader's words rather than the model's:
 * "matchConditions: the authorizer variable is not modelled" reads "matchConditions using the
 * authorizer variable" (the key keeps the model's words).
 */
function featureOfTopic(topic: string): string {
  return topic.replace(/^matchConditions: /, "matchConditions using ").replace(/ is not (?:modelled|parsed)$/, "");
}

export function sourceOf(d: Diagnosis): string | undefined {
  if (d.reference !== undefined)
    return `kube-apiserver's own code, run by the upstream oracle (oracles/upstream) as ${d.reference}`;
  if (d.behaviour) return d.behaviour.source;
  const where = placementOfTopic(d.topic);
  if (where) return placements[where].source;
  if (d.family) return "k8s.io/kubernetes pkg/apis/admissionregistration/validation/validation.go";
  return d.clause === "none" ? undefined : clauses[d.clause].source;
}
