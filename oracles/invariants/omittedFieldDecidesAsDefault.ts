import fc from "fast-check";
import type { MatchResources, NamedRuleWithOperations } from "../contract/kube.ts";
import type { Subject } from "../contract/subject.ts";
import { invariant } from "./invariant.ts";
import { same } from "./relations.ts";
import { mapMatchResources, mapRules } from "./subjectParts.ts";

type Field = "matchPolicy" | "selectors" | "scope" | "failurePolicy";

export const omittedFieldDecidesAsDefault = invariant({
  name: "omittedFieldDecidesAsDefault",
  statement:
    'Leaving out a field that holds its documented default (matchPolicy Equivalent, selectors {}, scope "*", failurePolicy Fail) changes nothing.',
  source:
    'k8s.io/api admissionregistration/v1: matchPolicy "Defaults to \\"Equivalent\\"", namespaceSelector "Default to the empty LabelSelector, which matches everything", scope "Default is \\"*\\"", failurePolicy "Defaults to Fail"',
  extra: fc.constantFrom<Field>("matchPolicy", "selectors", "scope", "failurePolicy"),
  pair: (q, field) => [q, { ...q, subject: omitDefault(q.subject, field) }],
  holds: same,
});

function omitDefault(s: Subject, field: Field): Subject {
  switch (field) {
    case "scope":
      return mapRules(s, (r): NamedRuleWithOperations => {
        if (r.scope !== "*") return r;
        const { scope: _, ...rest } = r;
        return rest;
      });
    case "failurePolicy":
      return omitFailurePolicy(s);
    default: {
      const strip = <T extends MatchResources>(mr: T): T => {
        const out: Record<string, unknown> = { ...(mr as Record<string, unknown>) };
        if (field === "matchPolicy" && mr.matchPolicy === "Equivalent") delete out.matchPolicy;
        if (field === "selectors") {
          for (const k of ["namespaceSelector", "objectSelector"] as const) if (isEmpty(mr[k])) delete out[k];
        }
        return out as T;
      };
      if (s.kind === "ValidatingWebhook" || s.kind === "MutatingWebhook")
        return { ...s, webhook: strip(s.webhook as MatchResources) };
      return mapMatchResources(s, strip);
    }
  }
}

function isEmpty(sel: MatchResources["namespaceSelector"]): boolean {
  return (
    sel !== undefined && Object.keys(sel.matchLabels ?? {}).length === 0 && (sel.matchExpressions ?? []).length === 0
  );
}

function omitFailurePolicy(s: Subject): Subject {
  switch (s.kind) {
    case "ValidatingWebhook":
    case "MutatingWebhook": {
      const { failurePolicy, ...rest } = s.webhook;
      return failurePolicy === "Fail" ? { ...s, webhook: rest } : s;
    }
    case "ValidatingAdmissionPolicy":
    case "MutatingAdmissionPolicy": {
      const { failurePolicy, ...rest } = s.policy;
      return failurePolicy === "Fail" ? { ...s, policy: rest } : s;
    }
    case "MatchResources":
      return s;
  }
}
