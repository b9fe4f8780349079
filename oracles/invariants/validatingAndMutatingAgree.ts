import fc from "fast-check";
import { carriesParams } from "../contract/features.ts";
import type { Subject } from "../contract/subject.ts";
import { invariant } from "./invariant.ts";
import { sameOutcomeName } from "./relations.ts";
import { allRules } from "./subjectParts.ts";

export const validatingAndMutatingAgree = invariant({
  name: "validatingAndMutatingAgree",
  statement:
    "A validating and a mutating subject with the same fields decide alike (webhooks in every minor; policies from 1.32, for requests other than DELETE; not for generateName creates; error codes 422 and 403 apart).",
  source:
    "k8s.io/apiserver webhook/generic/webhook.go ShouldCallHook serves both webhook kinds; policy/generic/policy_dispatcher.go and policy_matcher.go serve both policy kinds",
  extra: fc.constant(undefined),
  pair: (q) => {
    const other = counterpart(q.subject);
    if (other === undefined) return undefined;
    // rest/create.go: validating admission sees a generateName create under its generated name,
    // mutating admission under "": the two differ there by design.
    if (q.request.operation === "CREATE" && (q.request.name ?? "") === "") return undefined;
    // A binding's validationActions exist (and are validated) for validating policies only.
    if ("binding" in q.subject && q.subject.binding?.validationActions !== undefined) return undefined;
    // With params the two dispatchers differ: a validating policy looks the namespace up even
    // without params, and only it gives a built-in param its apiVersion and kind.
    if (carriesParams(q)) return undefined;
    if (other.kind === "MutatingAdmissionPolicy" || q.subject.kind === "MutatingAdmissionPolicy") {
      const delRule = allRules(q.subject).some(
        (r) => r.list === "include" && (r.rule.operations ?? []).includes("DELETE"),
      );
      if (q.request.operation === "DELETE" || delRule || Number(q.kubernetesVersion.slice(2)) < 32) return undefined;
    }
    return [q, { ...q, subject: other }];
  },
  holds: sameOutcomeName,
});

function counterpart(s: Subject): Subject | undefined {
  switch (s.kind) {
    case "ValidatingWebhook":
      return { ...s, kind: "MutatingWebhook" };
    case "MutatingWebhook":
      return { ...s, kind: "ValidatingWebhook" };
    case "ValidatingAdmissionPolicy":
      return { ...s, kind: "MutatingAdmissionPolicy" };
    case "MutatingAdmissionPolicy":
      return { ...s, kind: "ValidatingAdmissionPolicy" };
    case "MatchResources":
      return undefined;
  }
}
