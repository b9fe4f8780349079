import type fc from "fast-check";
import type { MatchResources, NamedRuleWithOperations } from "../oracles/contract/kube.ts";
import type { Subject } from "../oracles/contract/subject.ts";
import { drawn, pick } from "./draw.ts";
import { drawInvalidLabelSelector } from "./invalidLabelSelector.ts";

/**
 * A subject that API validation rejects (k8s.io/kubernetes pkg/apis/admissionregistration/
 * validation/validation.go), made from a valid one by exactly one defect, drawn evenly from:
 *
 * > operations: if '*' is present, the length of the slice must be one. apiGroups, apiVersions:
 * > if '*' is present, the length of the slice must be one. Required. resources: if wildcard is
 * > present, the validation rule will ensure resources do not overlap with each other.
 * > scope: Valid values are "Cluster", "Namespaced", and "*".
 * (k8s.io/api admissionregistration/v1 types.go Rule, RuleWithOperations)
 *
 * plus selectors that fail ValidateLabelSelector, unknown matchPolicy and failurePolicy values,
 * resourceNames that are not path segment names or repeat, a policy without matchConstraints or
 * resourceRules, a mutating policy whose resourceRules name DELETE, a binding's policyName that
 * is empty, null or not a DNS subdomain, and nulls that decode as "" or an empty rule.
 */
export interface InvalidSubjectConstraints {
  /** Also a binding's bad policyName and nulls that decode as "" or an empty rule (default false). */
  readonly manifestEdges?: boolean;
}

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
// A manifest's null in a string list decodes as "" (encoding/json), which validation rejects.
const nullDefects = [{ operations: [null] }, { apiVersions: [null] }] as unknown as readonly RuleDefect[];
const nameDefects: readonly RuleDefect[] = [
  { resourceNames: ["."] },
  { resourceNames: ["a/b"] },
  { resourceNames: ["web", "web"] },
];
const baseRule: NamedRuleWithOperations = {
  operations: ["CREATE"],
  apiGroups: [""],
  apiVersions: ["v1"],
  resources: ["pods"],
};

/** How the defect is drawn on this subject, or undefined where it does not apply: only the chosen one is drawn. */
type Defect = (s: Subject) => ((rng: fc.Random) => Subject) | undefined;

const withRule = (d: RuleDefect, list: "resourceRules" | "excludeResourceRules"): Defect => {
  const rule = { ...baseRule, ...d };
  return (s) => {
    if (s.kind === "ValidatingWebhook" || s.kind === "MutatingWebhook") {
      if (list === "excludeResourceRules" || d.resourceNames) return undefined;
      return () => ({ ...s, webhook: { ...s.webhook, rules: [rule, ...(s.webhook.rules ?? [])] } });
    }
    return () => onMatchResources(s, (mr) => ({ ...mr, [list]: [rule, ...(mr[list] ?? [])] }));
  };
};

const withSelector =
  (which: "namespaceSelector" | "objectSelector"): Defect =>
  (s) =>
  (rng) => {
    const sel = drawInvalidLabelSelector(rng);
    return s.kind === "ValidatingWebhook" || s.kind === "MutatingWebhook"
      ? { ...s, webhook: { ...s.webhook, [which]: sel } }
      : onMatchResources(s, (mr) => ({ ...mr, [which]: sel }));
  };

const defects: readonly Defect[] = [
  ...ruleDefects.map((d) => withRule(d, "resourceRules")),
  ...ruleDefects.slice(0, 4).map((d) => withRule(d, "excludeResourceRules")),
  ...nameDefects.map((d) => withRule(d, "resourceRules")),
  // A selector has seven defects of its own: drawn more often, each is reached as often as a rule's.
  withSelector("namespaceSelector"),
  withSelector("namespaceSelector"),
  withSelector("namespaceSelector"),
  withSelector("objectSelector"),
  withSelector("objectSelector"),
  withSelector("objectSelector"),
  (s) => () =>
    s.kind === "ValidatingWebhook" || s.kind === "MutatingWebhook"
      ? { ...s, webhook: { ...s.webhook, matchPolicy: "Fuzzy" } }
      : onMatchResources(s, (mr) => ({ ...mr, matchPolicy: "Fuzzy" })),
  (s) => {
    if (s.kind === "ValidatingWebhook" || s.kind === "MutatingWebhook") {
      return () => ({ ...s, webhook: { ...s.webhook, failurePolicy: "Never" } });
    }
    return isPolicy(s) ? () => ({ ...s, policy: { ...s.policy, failurePolicy: "Never" } }) : undefined;
  },
  (s) =>
    isPolicy(s)
      ? () => ({
          ...s,
          policy: { ...s.policy, matchConstraints: { ...s.policy.matchConstraints, resourceRules: [] } },
        })
      : undefined,
  (s) => {
    if (!isPolicy(s)) return undefined;
    const { matchConstraints: _, ...policy } = s.policy;
    return () => ({ ...s, policy });
  },
  // A binding's validationActions (Deny with Warn, none, unknown, repeated): validating policies only.
  ...[1, 2].map(
    (): Defect => (s) =>
      s.kind === "ValidatingAdmissionPolicy"
        ? (rng) => ({ ...s, binding: { ...s.binding, validationActions: pick(rng, badActions) } })
        : undefined,
  ),
  ...[1, 2, 3].map(
    (): Defect => (s) => {
      if (s.kind !== "MutatingAdmissionPolicy") return undefined;
      const mc = s.policy.matchConstraints ?? {};
      const rules = (mc.resourceRules ?? [baseRule]).map((r) => ({ ...r, operations: ["DELETE"] }));
      return () => ({ ...s, policy: { ...s.policy, matchConstraints: { ...mc, resourceRules: rules } } });
    },
  ),
];

const manifestEdgeDefects: readonly Defect[] = [
  ...nullDefects.map((d) => withRule(d, "resourceRules")),
  // A null rule decodes as the empty rule, whose fields are required.
  (s) =>
    s.kind === "ValidatingWebhook" || s.kind === "MutatingWebhook"
      ? () =>
          ({
            ...s,
            webhook: { ...s.webhook, rules: [null, ...(s.webhook.rules ?? [])] },
          }) as unknown as Subject
      : () =>
          onMatchResources(
            s,
            (mr) => ({ ...mr, resourceRules: [null, ...(mr.resourceRules ?? [])] }) as unknown as MatchResources,
          ),
  // A binding's policyName: "" or null (required, drawn twice as often), not a DNS subdomain, too long; four
  // times over, as one defect among some forty.
  ...[1, 2, 3, 4].map(
    (): Defect => (s) =>
      isPolicy(s) && s.binding !== undefined
        ? (rng) => ({ ...s, binding: { ...s.binding, policyName: pick(rng, badPolicyNames) } }) as unknown as Subject
        : undefined,
  ),
];

const isPolicy = (s: Subject): s is Extract<Subject, { policy: unknown }> =>
  s.kind === "ValidatingAdmissionPolicy" || s.kind === "MutatingAdmissionPolicy";

/** The policy's matchConstraints (a policy subject) or the MatchResources subject's own. */
function onMatchResources(s: Subject, f: (mr: MatchResources) => MatchResources): Subject {
  if (s.kind === "MatchResources") return { ...s, matchResources: f(s.matchResources) };
  if (isPolicy(s)) return { ...s, policy: { ...s.policy, matchConstraints: f(s.policy.matchConstraints ?? {}) } };
  return s;
}

export function invalidSubject(valid: Subject, constraints: InvalidSubjectConstraints = {}): fc.Arbitrary<Subject> {
  return drawn((rng) => drawInvalidSubject(rng, valid, constraints));
}

/** invalidSubject(valid, constraints), drawn at once: fc.oneof over the defects that apply. */
export function drawInvalidSubject(rng: fc.Random, valid: Subject, constraints: InvalidSubjectConstraints): Subject {
  const drawnFrom = constraints.manifestEdges ? [...defects, ...manifestEdgeDefects] : defects;
  const applicable: ((rng: fc.Random) => Subject)[] = [];
  for (const d of drawnFrom) {
    const a = d(valid);
    if (a !== undefined) applicable.push(a);
  }
  return (applicable[rng.nextInt(0, applicable.length - 1)] as (rng: fc.Random) => Subject)(rng);
}

const badActions = [["Deny", "Warn"], [], ["deny"], ["Audit", "Audit"]];
const badPolicyNames = ["", null, "Subject_Policy", "", null, "-policy", "a".repeat(254)];
