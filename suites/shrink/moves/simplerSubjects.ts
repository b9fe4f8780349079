// Subject kinds: MatchResources is the simplest question, then a validating policy, then a
// validating webhook.
import type { MatchResources, Webhook } from "../../../oracles/contract/kube.ts";
import type { Query } from "../../../oracles/contract/query.ts";
import type { Subject } from "../../../oracles/contract/subject.ts";
import type { Move } from "../move.ts";

export function simplerSubjects(q: Query): Move[] {
  const s = q.subject;
  const to = (what: string, subject: Subject): Move => ({ what, query: { ...q, subject } });
  switch (s.kind) {
    case "MatchResources":
      return [];
    case "ValidatingAdmissionPolicy":
    case "MutatingAdmissionPolicy": {
      const moves: Move[] = [];
      const own = s.policy.matchConstraints;
      const bound = s.binding?.matchResources;
      if (own)
        moves.push(to("ask the policy's matchConstraints alone", { kind: "MatchResources", matchResources: own }));
      if (bound)
        moves.push(to("ask the binding's matchResources alone", { kind: "MatchResources", matchResources: bound }));
      if (s.kind === "MutatingAdmissionPolicy") {
        const { kind: _, ...rest } = s;
        moves.push(to("a validating policy instead", { ...rest, kind: "ValidatingAdmissionPolicy" }));
      }
      return moves;
    }
    case "ValidatingWebhook":
    case "MutatingWebhook": {
      const moves = [to("ask the webhook's rules and selectors as MatchResources", asMatchResources(s.webhook))];
      if (s.kind === "MutatingWebhook")
        moves.push(to("a validating webhook instead", { ...s, kind: "ValidatingWebhook" }));
      return moves;
    }
  }
}

function asMatchResources(w: Webhook): Subject {
  const m: MatchResources = {
    ...(w.namespaceSelector && { namespaceSelector: w.namespaceSelector }),
    ...(w.objectSelector && { objectSelector: w.objectSelector }),
    resourceRules: w.rules ?? [],
    ...(w.matchPolicy !== undefined && { matchPolicy: w.matchPolicy }),
  };
  return { kind: "MatchResources", matchResources: m };
}
