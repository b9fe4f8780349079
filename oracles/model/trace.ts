import type { ClauseName } from "./clauses.ts";

/** Collects the clauses a decision went through, in first-taken order. */
export interface Trace {
  take(clause: ClauseName): void;
}

// A list, not a Set: a decision takes about ten clauses, which a scan finds as fast as a hash
// does, with no table to make and grow at every decision.
export class ClauseTrace implements Trace {
  readonly #taken: ClauseName[] = [];

  take(clause: ClauseName): void {
    if (!this.#taken.includes(clause)) this.#taken.push(clause);
  }

  get taken(): readonly ClauseName[] {
    return this.#taken.slice();
  }
}

/** A trace that records nothing, for callers that only want the decision. */
export const noTrace: Trace = { take() {} };
