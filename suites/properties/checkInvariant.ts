// Checks one invariant on one generated query against any implementation.
import type { Outcome } from "../../oracles/contract/outcome.ts";
import type { Query } from "../../oracles/contract/query.ts";
import type { Invariant } from "../../oracles/invariants/invariant.ts";

/** An implementation's decision, or undefined when it gave no Kubernetes outcome (skipped, errored). */
export type Decide = (q: Query) => Outcome | undefined | Promise<Outcome | undefined>;

export type InvariantCheck =
  | { readonly result: "holds" | "notApplicable" | "inconclusive" }
  | {
      readonly result: "violated";
      readonly base: { readonly query: Query; readonly outcome: Outcome };
      readonly variant: { readonly query: Query; readonly outcome: Outcome };
    };

export async function checkInvariant(
  inv: Invariant,
  query: Query,
  extra: unknown,
  decide: Decide,
): Promise<InvariantCheck> {
  const pair = inv.pair(query, extra);
  if (pair === undefined) return { result: "notApplicable" };
  const [base, variant] = pair;
  const [b, v] = await Promise.all([decide(base), decide(variant)]);
  if (b === undefined || v === undefined) return { result: "inconclusive" };
  if (inv.holds(b, v)) return { result: "holds" };
  return { result: "violated", base: { query: base, outcome: b }, variant: { query: variant, outcome: v } };
}
