// A probe whose change takes the request out of a clause kube-apiserver decides before it looks at
// bindings (an exempt kind, a mutating policy on DELETE) meets, on an unbound policy, "no binding,
// no evaluation" on the changed case. The reducer may drop a binding there (kube-apiserver's path
// stays the same), and an implementation that also evaluates unbound policies then diverges on the
// changed case too: the probe did not fire and the cause kept its clause's name, beside the one the
// probe named for the same switch (no-exemptions with no-binding-still-evaluated, seed 3;
// mutating-policy-handles-delete with it, seed 4). So where the binding plays no part in
// kube-apiserver's decision of the case, the changed case is given binding {}: the one respect
// probed is then the only one that decides.

import { agree } from "../../../oracles/contract/agreement.ts";
import { isUnboundPolicy } from "../../../oracles/contract/features.ts";
import type { Query } from "../../../oracles/contract/query.ts";
import type { TriageContext } from "../triageContext.ts";

/** `changed` with its policy under binding {}, when `q`'s policy is unbound and binding {} would not change kube-apiserver's decision of `q`. */
export function boundWhereIrrelevant(ctx: TriageContext, q: Query, changed: Query): Query {
  if (!isUnboundPolicy(q.subject) || !isUnboundPolicy(changed.subject)) return changed;
  const withBinding = (x: Query): Query => ({ ...x, subject: { ...x.subject, binding: {} } as Query["subject"] });
  if (!agree(ctx.model(q, false).outcome, ctx.model(withBinding(q), false).outcome)) return changed;
  const bound = withBinding(changed);
  return ctx.allows(bound) ? bound : changed;
}
