// A metamorphic relation between two decisions of one implementation: usable against any
// implementation without knowing the right answer.
import type fc from "fast-check";
import type { Outcome } from "../contract/outcome.ts";
import type { Query } from "../contract/query.ts";

export interface Invariant<X = unknown> {
  /** A stable camelCase name, used in reports. */
  readonly name: string;
  /** The relation, as a sentence. */
  readonly statement: string;
  /** The spec sentence or upstream line it rests on, quoted, with where it stands. */
  readonly source: string;
  /** Extra random input the variant is built from. */
  readonly extra: fc.Arbitrary<X>;
  /**
   * The two queries to compare, made from a generated one (which may itself be adjusted to
   * serve as the base), or undefined when the relation says nothing about this query.
   */
  pair(query: Query, extra: X): readonly [base: Query, variant: Query] | undefined;
  /** Does the relation hold between the base's and the variant's outcomes? */
  holds(base: Outcome, variant: Outcome): boolean;
}

/** Erases the extra input's type, so that invariants of any extra can share one list. */
export function invariant<X>(i: Invariant<X>): Invariant<unknown> {
  return i as Invariant<unknown>;
}
