// One step of a reduction: a whole new query, and what the reducer and the triage need to know of it.
import type { Query } from "../../oracles/contract/query.ts";

export interface Move {
  /** What the move does, in words (kept for the report's reduction trail). */
  readonly what: string;
  readonly query: Query;
  /** "inverted": the move turns an exclusion into an inclusion, so both outcomes turn round. */
  readonly outcomes?: "same" | "inverted";
  /** The move takes a field, item, namespace or label away (rather than simplifying a value). */
  readonly removes?: boolean;
  /**
   * The move repairs a side condition (a kindless equivalent, a missing namespace, a generated
   * name, an empty rule list): it is meant to change the path the decision takes.
   */
  readonly repairs?: boolean;
}
