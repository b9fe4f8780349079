// Where in a policy subject a divergence lives. kube-apiserver applies a policy's matchConstraints
// and its binding's matchResources alike and intersects them (policy_matcher.go DefinitionMatches,
// BindingMatches), so swapping the two leaves its decision as it is. When the implementation then
// agrees, it decides the same constraints differently depending on where they stand: the cause is
// the placement (for example "the policy's own matchConstraints are ignored when a binding exists"),
// whatever clause rejected the request, and one bucket holds every clause it shows through.
import { agree } from "../../../oracles/contract/agreement.ts";
import type { MatchResources } from "../../../oracles/contract/kube.ts";
import type { Query } from "../../../oracles/contract/query.ts";
import { wellFormed } from "../../shrink/normaliseQuery.ts";
import type { Diagnosis } from "../diagnosis.ts";
import type { TriageContext } from "../triageContext.ts";
import type { TriageRule } from "./rule.ts";

/** Where in a policy subject a divergence lives: its key then ignores the clause. */
export type Placement = "policyMatchConstraints";

export const placements: Readonly<Record<Placement, { readonly title: string; readonly source: string }>> = {
  policyMatchConstraints: {
    title:
      "a policy's own matchConstraints decide as a binding's matchResources would: the implementation decides them as kube-apiserver does in a binding, not in the policy",
    source: "k8s.io/apiserver pkg/admission/plugin/policy/generic/policy_matcher.go DefinitionMatches",
  },
};

export const placementOfTopic = (topic: string): Placement | undefined =>
  topic.startsWith("placement.") ? (topic.slice("placement.".length) as Placement) : undefined;

const everything: MatchResources = {
  resourceRules: [{ operations: ["*"], apiGroups: ["*"], apiVersions: ["*"], resources: ["*/*"] }],
};

/** The placement the divergence of `q` depends on, or undefined when it does not depend on one. */
export async function placementOf(ctx: TriageContext, q: Query): Promise<Placement | undefined> {
  const s = q.subject;
  if (s.kind !== "ValidatingAdmissionPolicy" && s.kind !== "MutatingAdmissionPolicy") return undefined;
  if (s.binding === undefined) return undefined;
  // Only where the binding has no matchResources of its own: the policy's constraints move into it,
  // and the policy is left matching everything. (Were both swapped, agreement would not say which
  // of the two places the implementation gets wrong.)
  if (s.binding.matchResources !== undefined) return undefined;
  const swapped: Query = {
    ...q,
    subject: {
      ...s,
      policy: { ...s.policy, matchConstraints: everything },
      binding: { ...s.binding, matchResources: s.policy.matchConstraints ?? everything },
    },
  };
  if (!wellFormed(swapped) || !ctx.allows(swapped)) return undefined;
  const before = ctx.model(q, false).outcome;
  const after = ctx.model(swapped, false).outcome;
  // The same decision (a binding does not report equivalents, and its errors have their own codes).
  if (before.outcome !== after.outcome) return undefined;
  const a = await ctx.matcher.match(swapped);
  if (a.answer !== "outcome" || !agree(after, a.outcome)) return undefined;
  return "policyMatchConstraints";
}

/**
 * The diagnosis of a divergence that lives in a placement: keyed on it alone, whatever clause
 * decided and whichever way the outcomes differ (an ignored constraint turns a non-match into a
 * match, a failed lookup into a decision, another resource's match into this one).
 */
function placed(d: Diagnosis, where: Placement): Diagnosis {
  const topic = `placement.${where}`;
  return { ...d, topic, key: topic };
}

/** Only a case the reduction touched: a raw example carries too much to say where the bug lives. */
export const placement: TriageRule = {
  name: "placement",
  async find(ctx, c) {
    if (!c.reduced || c.answer.answer !== "outcome") return undefined;
    // No divergence, nothing to place.
    if (agree(ctx.model(c.query, false).outcome, c.answer.outcome)) return undefined;
    const where = await placementOf(ctx, c.query);
    return where === undefined ? undefined : { rekey: (d) => placed(d, where) };
  },
};
