// Reduction to a minimal, canonical query: the moves of simplifications.ts are tried in turn, and a
// move is kept while the failure survives. The result is minimal when a whole pass over every move
// keeps none (no field, list item, label or value can go or be simplified without the failure
// disappearing); when the call budget or the deadline ends the reduction first, it says so.
import type { Query } from "../../oracles/contract/query.ts";
import { incoherence } from "../format/loadCaseFile.ts";
import { checkCaseFileSchema } from "../format/schemaCheck.ts";
import { unrealEquivalents, unrealRequest } from "../format/unrealInput.ts";
import { unrealParams } from "../format/unrealParams.ts";
import type { Move } from "./move.ts";
import { simplifications } from "./simplifications.ts";

export interface NormaliseOptions {
  /** The most predicate calls to spend (default 2000). */
  readonly maxCalls?: number;
  /** performance.now() after which no more calls are made. */
  readonly deadline?: number;
  /** Queries that may be asked at all (the implementation's subjects, minors and claimed scope). */
  readonly allowed?: (q: Query) => boolean;
  /**
   * Could a real cluster be asked q (the apiserver oracle's check, reports/bundleRequest.ts)? Once
   * the query under reduction is reproducible, a move to one that is not is never kept: a minimal
   * case nobody can apply to a cluster is worth less than a longer one anybody can.
   */
  readonly reproducible?: (q: Query) => boolean;
}

export type Reduction =
  | { readonly status: "minimal"; readonly query: Query; readonly calls: number; readonly moves: readonly string[] }
  | {
      readonly status: "unreduced";
      readonly query: Query;
      readonly calls: number;
      readonly moves: readonly string[];
      readonly why: string;
    };

export async function normaliseQuery(
  query: Query,
  stillFails: (q: Query, move: Move) => boolean | Promise<boolean>,
  options: NormaliseOptions = {},
): Promise<Reduction> {
  const maxCalls = options.maxCalls ?? 2000;
  const allowed = options.allowed ?? (() => true);
  const tried = new Set<string>();
  const kept: string[] = [];
  let current = query;
  let calls = 0;
  let start = 0;
  const reproducible = options.reproducible;
  let real = reproducible?.(query) === true;
  for (;;) {
    const moves = simplifications(current);
    let keptOne = false;
    for (let n = 0; n < moves.length; n++) {
      const i = (start + n) % moves.length;
      const move = moves[i];
      if (move === undefined) continue;
      const key = JSON.stringify(move.query);
      if (tried.has(key) || key === JSON.stringify(current)) continue;
      tried.add(key);
      if (!wellFormed(move.query) || !allowed(move.query)) continue;
      if (real && reproducible && !reproducible(move.query)) continue;
      if (calls >= maxCalls)
        return unreduced(current, calls, kept, `the reduction's budget of ${maxCalls} calls ran out`);
      if (options.deadline !== undefined && performance.now() > options.deadline)
        return unreduced(current, calls, kept, "the run's time limit ended the reduction");
      calls++;
      if (await stillFails(move.query, move)) {
        current = move.query;
        real ||= reproducible?.(current) === true;
        kept.push(move.what);
        start = i;
        keptOne = true;
        break;
      }
    }
    if (!keptOne) return { status: "minimal", query: current, calls, moves: kept };
  }
}

function unreduced(query: Query, calls: number, moves: readonly string[], why: string): Reduction {
  return { status: "unreduced", query, calls, moves, why };
}

/**
 * A reduced query is still one a case file can hold and the loader accepts: removing a CREATE's
 * name while its object keeps one, or the request's own resource from the registry, makes a request
 * no API server sends.
 */
export function wellFormed(q: Query): boolean {
  try {
    checkCaseFileSchema("reduced", [
      {
        description: "reduced",
        subject: q.subject,
        cluster: q.cluster,
        tests: [{ description: "t", request: q.request, expected: "match" }],
      },
    ]);
  } catch {
    return false;
  }
  // After the schema: these read the fields the schema requires.
  return (
    incoherence(q.request) === undefined &&
    unrealRequest(q.request) === undefined &&
    unrealEquivalents(q.cluster, q.request) === undefined &&
    unrealParams(q.cluster) === undefined
  );
}
