import fc from "fast-check";
import type { BindingSpec } from "../oracles/contract/kube.ts";
import type { PolicySubject } from "../oracles/contract/subject.ts";
import type { MatchResourcesConstraints } from "./matchResources.ts";
import { matchResources } from "./matchResources.ts";

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
  const kind = constraints.kind
    ? fc.constant(constraints.kind)
    : fc.constantFrom("ValidatingAdmissionPolicy", "MutatingAdmissionPolicy");
  return kind.chain((k) => {
    const operations = k === "MutatingAdmissionPolicy" ? (["CREATE", "UPDATE", "CONNECT"] as const) : undefined;
    const rules = { ...constraints.matchResources?.rules, ...(operations && { operations }) };
    const policyMR = matchResources({ ...constraints.matchResources, rules, requireResourceRules: true });
    const bindingMR = matchResources({ ...constraints.matchResources, rules });
    const noBinding = { arbitrary: fc.constant(undefined), weight: constraints.allowNoBinding === false ? 0 : 1 };
    const binding: fc.Arbitrary<BindingSpec | undefined> = constraints.policyNames
      ? fc.oneof(
          {
            arbitrary: fc
              .tuple(
                fc.oneof(
                  fc.constant<BindingSpec>({}),
                  bindingMR.map((mr): BindingSpec => ({ matchResources: mr })),
                ),
                policyName,
              )
              .map(([b, name]) => (name ? { policyName: name, ...b } : b)),
            weight: 12,
          },
          noBinding,
        )
      : fc.oneof(
          { arbitrary: fc.constant<BindingSpec>({}), weight: 6 },
          { arbitrary: bindingMR.map((mr): BindingSpec => ({ matchResources: mr })), weight: 6 },
          noBinding,
        );
    const failurePolicy = constraints.failurePolicy
      ? fc.constant(constraints.failurePolicy)
      : fc.option(fc.constantFrom("Fail", "Ignore"), { nil: undefined });
    return fc
      .record({ matchConstraints: policyMR, failurePolicy, binding })
      .map(({ matchConstraints, failurePolicy: fp, binding: b }) => ({
        kind: k,
        policy: fp === undefined ? { matchConstraints } : { matchConstraints, failurePolicy: fp },
        ...(b !== undefined && { binding: b }),
      }));
  });
}
