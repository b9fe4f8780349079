// Where in a policy subject a divergence lives. kube-apiserver applies a policy's matchConstraints
// and its binding's matchResources alike and intersects them (policy_matcher.go DefinitionMatches,
// BindingMatches), so swapping the two leaves its decision as it is. When the implementation then
// agrees, it decides the same constraints differently depending on where they stand: the cause is
// the placement (for example "the policy's own matchConstraints are ignored when a binding exists"),
// whatever clause rejected the request, and one bucket holds every clause it shows through.
import { agree } from "../../../oracles/contract/agreement.ts";
import type { MatchResources } from "../../../oracles/contract/kube.ts";
import type { Query } from "../../../oracles/invariants/invariant.ts";
import type { RunContext } from "../../run/runContext.ts";
import { wellFormed } from "../../shrink/normaliseQuery.ts";
import type { Placement } from "../bucketKey.ts";

const everything: MatchResources = {
  resourceRules: [{ operations: ["*"], apiGroups: ["*"], apiVersions: ["*"], resources: ["*/*"] }],
};

/** The placement the divergence of `q` depends on, or undefined when it does not depend on one. */
export async function placementOf(ctx: RunContext, q: Query): Promise<Placement | undefined> {
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
