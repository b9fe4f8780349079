import fc from "fast-check";
import { invariant } from "./invariant.ts";
import { variantMatchImpliesBaseMatch } from "./relations.ts";
import { isPolicy } from "./subjectParts.ts";

export const bindingNarrowsPolicy = invariant({
  name: "bindingNarrowsPolicy",
  statement:
    "A policy matches through a binding with matchResources only what it matches through a binding without them.",
  source:
    'k8s.io/api admissionregistration/v1 ValidatingAdmissionPolicyBindingSpec.matchResources: "Note that this is intersected with the policy\'s matchConstraints, so only requests that are matched by the policy can be selected by this."',
  extra: fc.constant(undefined),
  pair: (q) => {
    const s = q.subject;
    if (!isPolicy(s) || !("policy" in s) || s.binding?.matchResources === undefined) return undefined;
    // Only matchResources goes: the binding's paramRef still decides which params the policy gets.
    const { matchResources: _, ...binding } = s.binding;
    return [{ ...q, subject: { ...s, binding } }, q];
  },
  holds: variantMatchImpliesBaseMatch,
});
