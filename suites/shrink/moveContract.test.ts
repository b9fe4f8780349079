// The contract every kind of move keeps, on generated scenarios (as fast-check holds every arbitrary
// to one contract): a move lowers the plainness count of its kind (plainness.ts), and a move of a
// valid query leaves a query the case-file loader accepts and the model's validation accepts, except
// where the kind says otherwise below (the reducer's predicate then sees the model's "invalid" and
// drops the move, unless the divergence is a validity family, where that is the point).
import { test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import type { Scenario } from "../../generators/scenario.ts";
import { scenario } from "../../generators/scenario.ts";
import type { Query } from "../../oracles/contract/query.ts";
import { decide } from "../../oracles/model/decide.ts";
import { fastCheckParameters } from "../properties/fastCheckParameters.ts";
import { wellFormed } from "./normaliseQuery.ts";
import type { MoveKind } from "./plainness.ts";
import { plainness } from "./plainness.ts";
import { moveKinds } from "./simplifications.ts";

const valid = (q: Query) =>
  wellFormed(q) && decide(q.subject, q.cluster, q.request, q.kubernetesVersion).outcome.outcome !== "invalid";

/** Kinds whose moves may leave a query validation rejects, and how. */
const mayInvalidate: ReadonlySet<MoveKind> = new Set<MoveKind>([
  // A field validation requires (a rule's operations) may go.
  "removals",
  // The main resource turns ["*/status", "namespaces/*"] into ["*", "namespaces"] ("*" must stand
  // alone), and a named create turns resourceNames ["", "web"] into a duplicate ["web", "web"].
  "canonicalRequests",
]);

const kinds = Object.entries(moveKinds) as [MoveKind, (q: Query) => { what: string; query: Query }[]][];

describe.each(kinds)("%s", (kind, moves) => {
  test.prop([scenario({ manifestEdges: true, nullRate: 0.3 })], fastCheckParameters<[Scenario]>(100))(
    "every move lowers its plainness count and keeps a valid query valid",
    (q) => {
      const before = plainness(q)[kind];
      const wasValid = valid(q);
      for (const m of moves(q)) {
        if (!wellFormed(m.query)) continue; // the reducer never asks these
        expect(plainness(m.query)[kind], m.what).toBeLessThan(before);
        if (wasValid && !mayInvalidate.has(kind)) expect(valid(m.query), m.what).toBe(true);
      }
    },
    // A large scenario has hundreds of removals, each checked against the case-file schema.
    120_000,
  );
});
