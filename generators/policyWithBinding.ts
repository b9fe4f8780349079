import fc from "fast-check";
import type { BindingSpec } from "../oracles/contract/kube.ts";
import type { PolicySubject } from "../oracles/contract/subject.ts";
import { drawn, optional, pick, recordDrawn, take, twoWay, weighted } from "./draw.ts";
import type { MatchResourcesConstraints } from "./matchResources.ts";
import { drawMatchResources } from "./matchResources.ts";

/**
 * A ValidatingAdmissionPolicy or MutatingAdmissionPolicy with the binding that selects it:
 *
 * > ValidatingAdmissionPolicyBinding binds the ValidatingAdmissionPolicy with paramerized
 * > resources. [...] matchResources declares what resources match this binding and will be
 * > validated by it. Note that this is intersected with the policy's matchConstraints, so only
 * > requests that are matched by the policy can be selected by this. If this is unset, all
 * > resources matched by the policy are validated by this binding.
 * > matchConstraints specifies what resources this policy is designed to validate. Required.
 * (k8s.io/api admissionregistration/v1 types.go)
 *
 * A mutating policy's resourceRules never name DELETE (validateMutatingAdmissionPolicySpec).
 */
export interface PolicyWithBindingConstraints {
  readonly kind?: "ValidatingAdmissionPolicy" | "MutatingAdmissionPolicy";
  readonly matchResources?: MatchResourcesConstraints;
  /** Draw subjects without a binding at all now and then (default true). */
  readonly allowNoBinding?: boolean;
  readonly failurePolicy?: "Fail" | "Ignore";
  /** Draw a binding's policyName now and then, as manifests carry it (default false). */
  readonly policyNames?: boolean;
}

/**
 * > PolicyName references a ValidatingAdmissionPolicy name which the ValidatingAdmissionPolicyBinding
 * > binds to. [...] Required.
 * Format v1 leaves it out (the binding binds the subject's policy); a manifest's name, a DNS
 * subdomain, is drawn now and then.
 */
const policyName = fc.oneof(
  { arbitrary: fc.constant(undefined), weight: 3 },
  { arbitrary: fc.constantFrom("subject-policy", "deny-privileged", "policies.example.com", "p0"), weight: 1 },
);

export function policyWithBinding(constraints: PolicyWithBindingConstraints = {}): fc.Arbitrary<PolicySubject> {
  return drawn((rng, bias) => drawPolicyWithBinding(rng, bias, constraints));
}

const policyKinds = ["ValidatingAdmissionPolicy", "MutatingAdmissionPolicy"] as const;

/** policyWithBinding(constraints), drawn at once: the kind, then the policy, its failurePolicy, its binding. */
export function drawPolicyWithBinding(
  rng: fc.Random,
  bias: number | undefined,
  constraints: PolicyWithBindingConstraints,
): PolicySubject {
  const kind = constraints.kind ?? pick(rng, policyKinds);
  // The binding's constraints are the policy's, a mutating policy's operations put in (unless
  // the caller's rules name them already: scenario.ts draws them so, without a copy per subject).
  const given = constraints.matchResources;
  const bindingMR =
    kind === "MutatingAdmissionPolicy" && given?.rules?.operations !== mutatingOperations
      ? { ...given, rules: { ...given?.rules, operations: mutatingOperations } }
      : (given ?? anyMatch);
  const matchConstraints = drawMatchResources(rng, bias, bindingMR, true);
  const failurePolicy = constraints.failurePolicy ?? (optional(rng) ? pick(rng, failurePolicies) : undefined);
  const binding = drawBinding(rng, bias, constraints, bindingMR);
  recordDrawn(rng);
  const policy = failurePolicy === undefined ? { matchConstraints } : { matchConstraints, failurePolicy };
  return binding === undefined ? { kind, policy } : { kind, policy, binding };
}

const anyMatch: MatchResourcesConstraints = {};
/** The operations a mutating policy's rules may name (not DELETE). */
export const mutatingOperations = ["CREATE", "UPDATE", "CONNECT"] as const;
const failurePolicies = ["Fail", "Ignore"] as const;
const withoutName = [
  [6, 6, 0],
  [6, 6, 1],
] as const;

function withMatch(rng: fc.Random, bias: number | undefined, bindingMR: MatchResourcesConstraints): BindingSpec {
  return { matchResources: drawMatchResources(rng, bias, bindingMR) };
}

/** No binding (unless not allowed), an empty one, or one with its own matchResources; a name now and then. */
function drawBinding(
  rng: fc.Random,
  bias: number | undefined,
  constraints: PolicyWithBindingConstraints,
  bindingMR: MatchResourcesConstraints,
): BindingSpec | undefined {
  const noBinding = constraints.allowNoBinding === false ? 0 : 1;
  if (!constraints.policyNames) {
    const which = weighted(rng, withoutName[noBinding]);
    return which === 0 ? {} : which === 1 ? withMatch(rng, bias, bindingMR) : undefined;
  }
  if (twoWay(rng, 12, noBinding) === 1) return undefined;
  const b = twoWay(rng, 1, 1) === 0 ? {} : withMatch(rng, bias, bindingMR);
  const name = take(policyName, rng, bias);
  return name ? { policyName: name, ...b } : b;
}
