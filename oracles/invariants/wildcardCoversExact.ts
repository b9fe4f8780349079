import fc from "fast-check";
import type { NamedRuleWithOperations } from "../contract/kube.ts";
import { invariant } from "./invariant.ts";
import { baseMatchImpliesVariantMatch } from "./relations.ts";
import { hasUnknownKind, mapRules } from "./subjectParts.ts";

type Field = "operations" | "apiGroups" | "apiVersions" | "resources";

export const wildcardCoversExact = invariant({
  name: "wildcardCoversExact",
  statement:
    'Replacing an include rule\'s operations, apiGroups or apiVersions by ["*"], or its resources by ["*/*"], never removes a match.',
  source:
    'k8s.io/api admissionregistration/v1 Rule: "\'*\' is all groups", "\'*\' is all versions", "\'*/*\' means all resources and their subresources"; RuleWithOperations: "* for all of those operations"',
  extra: fc.record({
    field: fc.constantFrom<Field>("operations", "apiGroups", "apiVersions", "resources"),
    index: fc.nat(),
  }),
  pair: (q, { field, index }) => {
    if (hasUnknownKind(q)) return undefined;
    let i = 0;
    const subject = mapRules(q.subject, (r, list): NamedRuleWithOperations => {
      if (list !== "include" || i++ !== index % 3) return r;
      return { ...r, [field]: field === "resources" ? ["*/*"] : ["*"] };
    });
    return [q, { ...q, subject }];
  },
  holds: baseMatchImpliesVariantMatch,
});
