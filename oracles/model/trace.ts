import type { ClauseName } from "./clauses.ts";

/** Collects the clauses a decision went through, in first-taken order. */
export interface Trace {
  take(clause: ClauseName): void;
}

export class ClauseTrace implements Trace {
  readonly #seen = new Set<ClauseName>();

  take(clause: ClauseName): void {
    this.#seen.add(clause);
  }

  get taken(): readonly ClauseName[] {
    return [...this.#seen];
  }
}

/** A trace that records nothing, for callers that only want the decision. */
export const noTrace: Trace = { take() {} };
