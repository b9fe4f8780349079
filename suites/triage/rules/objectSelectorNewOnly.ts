// "Matches the objectSelector on the new object only": where the subject has an objectSelector and
// the request an old object, the divergence disappears once the old object is the new one (none,
// when there is no new object: a DELETE), and the implementation answered the case as
// kube-apiserver answers that: it never let the old object match. kube-apiserver's
// MatchObjectSelector matches when the object or the old object does.
import type { KubeObject, LabelSelector } from "../../../oracles/contract/kube.ts";
import type { Query } from "../../../oracles/contract/query.ts";
import { clauses } from "../../../oracles/model/clauses.ts";
import type { Behaviour } from "../diagnosis.ts";
import type { Probe } from "./counterfactual.ts";
import { probeRule } from "./counterfactual.ts";
import { mapSelectors } from "./rewrite.ts";

export const objectSelectorNewOnlyBehaviour: Behaviour = {
  name: "matches the objectSelector on the new object only",
  title:
    "matches the objectSelector on the new object only: the implementation never lets the old object (an UPDATE's previous state, the object a DELETE removes) match the objectSelector; kube-apiserver matches when either the object or the old object matches",
  source: clauses["objectSelector.oldObjectMatches"].source,
};

const metadataOf = (o: KubeObject | null | undefined): Readonly<Record<string, unknown>> | undefined => {
  const m = o?.metadata;
  return m !== null && typeof m === "object" && !Array.isArray(m) ? (m as Record<string, unknown>) : undefined;
};

const hasSelector = (s: LabelSelector | undefined): boolean =>
  s !== undefined && (Object.keys(s.matchLabels ?? {}).length > 0 || (s.matchExpressions?.length ?? 0) > 0);

export const objectSelectorNewOnly: Probe = {
  name: "objectSelectorNewOnly",
  change(q: Query) {
    const old = q.request.oldObject;
    if (old == null || metadataOf(old) === undefined) return undefined;
    let selected = false;
    mapSelectors(q.subject, (x) => {
      selected ||= hasSelector(x.objectSelector);
      return x;
    });
    // The old object as the new one: a copy of it, or none where there is no new object (a
    // DELETE), so that only the new object can match.
    return selected ? { ...q, request: { ...q.request, oldObject: q.request.object ?? null } } : undefined;
  },
  asIf: true,
  behaviour: () => objectSelectorNewOnlyBehaviour,
};

export const objectSelectorNewOnlyRule = probeRule(objectSelectorNewOnly);
