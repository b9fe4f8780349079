import fc from "fast-check";
import type { MatchResources, NamedRuleWithOperations } from "../oracles/contract/kube.ts";
import type { Subject } from "../oracles/contract/subject.ts";
import { invalidLabelSelector } from "./invalidLabelSelector.ts";

/**
 * A subject that API validation rejects (k8s.io/kubernetes pkg/apis/admissionregistration/
 * validation/validation.go), made from a valid one by exactly one defect:
 *
 * > operations: if '*' is present, the length of the slice must be one. apiGroups, apiVersions:
 * > if '*' is present, the length of the slice must be one. Required. resources: if wildcard is
 * > present, the validation rule will ensure resources do not overlap with each other.
 * > scope: Valid values are "Cluster", "Namespaced", and "*".
 * (k8s.io/api admissionregistration/v1 types.go Rule, RuleWithOperations)
 *
 * plus selectors that fail ValidateLabelSelector, unknown matchPolicy and failurePolicy values,
 * resourceNames that are not path segment names or repeat, a policy without resourceRules and a
 * mutating policy whose resourceRules name DELETE.
 */
export type InvalidSubjectConstraints = Record<string, never>;

type RuleDefect = Partial<NamedRuleWithOperations>;

const ruleDefects: readonly RuleDefect[] = [
  { operations: [] },
  { operations: ["*", "CREATE"] },
  { operations: ["create"] },
  { apiGroups: [] },
  { apiGroups: ["*", "apps"] },
  { apiVersions: [] },
  { apiVersions: [""] },
  { apiVersions: ["*", "v1"] },
  { resources: [] },
  { resources: [""] },
  { resources: ["*", "pods"] },
  { resources: ["pods/*", "pods/status"] },
  { resources: ["*/status", "pods/status"] },
  { resources: ["*/*", "pods"] },
  { scope: "Global" },
];
const nameDefects: readonly RuleDefect[] = [
  { resourceNames: ["."] },
  { resourceNames: ["a/b"] },
  { resourceNames: ["web", "web"] },
];

export function invalidSubject(valid: Subject, _constraints: InvalidSubjectConstraints = {}): fc.Arbitrary<Subject> {
  switch (valid.kind) {
    case "MatchResources":
      return invalidMatchResources(valid.matchResources).map((mr) => ({ ...valid, matchResources: mr }));
    case "ValidatingAdmissionPolicy":
    case "MutatingAdmissionPolicy": {
      const mc = valid.policy.matchConstraints ?? {};
      const defects: fc.Arbitrary<Subject>[] = [
        invalidMatchResources(mc).map((m) => ({ ...valid, policy: { ...valid.policy, matchConstraints: m } })),
        fc.constant({ ...valid, policy: { ...valid.policy, matchConstraints: { ...mc, resourceRules: [] } } }),
        fc.constant({ ...valid, policy: { ...valid.policy, failurePolicy: "Never" } }),
      ];
      if (valid.kind === "MutatingAdmissionPolicy") {
        const rules = mc.resourceRules ?? [];
        defects.push(
          fc.constant({
            ...valid,
            policy: {
              ...valid.policy,
              matchConstraints: { ...mc, resourceRules: rules.map((r) => ({ ...r, operations: ["DELETE"] })) },
            },
          }),
        );
      }
      return fc.oneof(...defects);
    }
    case "ValidatingWebhook":
    case "MutatingWebhook": {
      const hook = valid.webhook;
      const rules = hook.rules ?? [];
      return fc.oneof(
        fc
          .constantFrom(...ruleDefects)
          .map((d) => ({ ...valid, webhook: { ...hook, rules: [{ ...baseRule, ...d }, ...rules] } })),
        invalidLabelSelector().map((sel) => ({ ...valid, webhook: { ...hook, namespaceSelector: sel } })),
        invalidLabelSelector().map((sel) => ({ ...valid, webhook: { ...hook, objectSelector: sel } })),
        fc.constant({ ...valid, webhook: { ...hook, matchPolicy: "Fuzzy" } }),
        fc.constant({ ...valid, webhook: { ...hook, failurePolicy: "Never" } }),
      );
    }
  }
}

const baseRule: NamedRuleWithOperations = {
  operations: ["CREATE"],
  apiGroups: [""],
  apiVersions: ["v1"],
  resources: ["pods"],
};

function invalidMatchResources(mr: MatchResources): fc.Arbitrary<MatchResources> {
  const rules = mr.resourceRules ?? [];
  return fc.oneof(
    fc
      .constantFrom(...ruleDefects, ...nameDefects)
      .map((d) => ({ ...mr, resourceRules: [{ ...baseRule, ...d }, ...rules] })),
    fc
      .constantFrom(...ruleDefects, ...nameDefects)
      .map((d) => ({ ...mr, excludeResourceRules: [{ ...baseRule, ...d }] })),
    invalidLabelSelector().map((sel) => ({ ...mr, namespaceSelector: sel })),
    invalidLabelSelector().map((sel) => ({ ...mr, objectSelector: sel })),
    fc.constant({ ...mr, matchPolicy: "Fuzzy" }),
  );
}
