import fc from "fast-check";
import { invariant } from "./invariant.ts";
import { mapMatchResources } from "./subjectParts.ts";

const everything = { operations: ["*"], apiGroups: ["*"], apiVersions: ["*"], resources: ["*/*"] };

export const excludeEverythingNeverMatches = invariant({
  name: "excludeEverythingNeverMatches",
  statement: "With an exclude rule on every operation, group, version and resource, nothing matches and nothing errs.",
  source:
    'k8s.io/api admissionregistration/v1 MatchResources.excludeResourceRules: "ExcludeResourceRules describes what operations on what resources/subresources the ValidatingAdmissionPolicy should not care about. The exclude rules take precedence over include rules"',
  extra: fc.constant(undefined),
  pair: (q) =>
    q.subject.kind === "ValidatingWebhook" || q.subject.kind === "MutatingWebhook"
      ? undefined
      : [
          q,
          {
            ...q,
            subject: mapMatchResources(q.subject, (mr, where) =>
              where === "policy"
                ? { ...mr, excludeResourceRules: [...(mr.excludeResourceRules ?? []), everything] }
                : mr,
            ),
          },
        ],
  holds: (_, variant) => variant.outcome === "noMatch" || variant.outcome === "invalid",
});
