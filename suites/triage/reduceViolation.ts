// A violated invariant that neither side's divergence from the model explains: the violation itself
// is reduced, its base and variant kept apart, and keyed as `invariant <name>`.
import type { Query } from "../../oracles/contract/query.ts";
import { toCaseFile } from "../../reports/caseFile.ts";
import type { Example } from "../../reports/runReport.ts";
import { checkInvariant } from "../properties/checkInvariant.ts";
import type { Reduction } from "../shrink/normaliseQuery.ts";
import { normaliseQuery } from "../shrink/normaliseQuery.ts";
import type { Diagnosis } from "./diagnosis.ts";
import type { Failure } from "./failureLog.ts";
import { reproducibleBy } from "./realism.ts";
import type { ReducedFailure } from "./reducedFailure.ts";
import { maxCalls } from "./reducedFailure.ts";
import type { TriageContext } from "./triageContext.ts";

/** Neither side diverges from the model: the violation itself is reduced, base and variant kept apart. */
export async function reduceViolation(
  ctx: TriageContext,
  f: Failure,
  deadline: number,
  off: string | undefined,
): Promise<ReducedFailure> {
  const inv = f.invariant;
  if (!inv) throw new Error("reduceViolation needs an invariant failure");
  const real = reproducibleBy(ctx);
  const different = (a: Query, b: Query) => JSON.stringify(a) !== JSON.stringify(b);
  const violated = async (q: Query) => {
    const check = await checkInvariant(inv.invariant, q, inv.extra, (x) => ctx.outcomeOf(x));
    return check.result === "violated" && different(check.base.query, check.variant.query);
  };
  const reduction: Reduction =
    off !== undefined
      ? { status: "unreduced", query: f.query, calls: 0, moves: [], why: off }
      : await normaliseQuery(f.query, violated, {
          maxCalls,
          deadline,
          allowed: (q) => {
            const pair = inv.invariant.pair(q, inv.extra);
            return pair !== undefined && ctx.allows(pair[0]) && ctx.allows(pair[1]);
          },
          reproducible: (q) => {
            const pair = inv.invariant.pair(q, inv.extra);
            return pair !== undefined && real(pair[0]) && real(pair[1]);
          },
        });
  const check =
    reduction.calls === 0
      ? ({ result: "holds" } as const)
      : await checkInvariant(inv.invariant, reduction.query, inv.extra, (x) => ctx.outcomeOf(x));
  const base = check.result === "violated" ? check.base : { query: f.query, outcome: inv.baseOutcome };
  const variant = check.result === "violated" ? check.variant : { query: inv.variant, outcome: inv.variantOutcome };
  const name = inv.invariant.name;
  const diagnosis: Diagnosis = {
    key: `invariant ${name}`,
    clause: "none",
    topic: `invariant ${name}`,
    model: base.outcome.outcome,
    implementation: variant.outcome.outcome,
    features: [],
  };
  const reference = (q: Query) => ctx.model(q, false).outcome;
  const example: Example = {
    phase: "invariant",
    query: base.query,
    expected: reference(base.query),
    actual: { answer: "outcome", outcome: base.outcome },
    variant: {
      query: variant.query,
      actual: { answer: "outcome", outcome: variant.outcome },
      relation: inv.invariant.statement,
      expected: reference(variant.query),
    },
    clauses: [],
    caseFile: toCaseFile([
      { description: `${name}: base`, source: inv.invariant.source, query: base.query, outcome: reference(base.query) },
      {
        description: `${name}: variant`,
        source: inv.invariant.source,
        query: variant.query,
        outcome: reference(variant.query),
      },
    ]),
    ...(f.seed !== undefined && { seed: f.seed }),
    ...(f.path !== undefined && { path: f.path }),
  };
  return { diagnosis, example, reduction, invariant: name };
}
