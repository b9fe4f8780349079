// What triage asks of a run: the implementation, the model, the claimed scope and an invariant's
// outcomes. A run's RunContext is one; triage names only these so that it does not depend on the
// run that calls it.
import type { Matcher } from "../../oracles/adapters/matcher.ts";
import type { ReferenceName } from "../../oracles/adapters/reference.ts";
import type { Outcome } from "../../oracles/contract/outcome.ts";
import type { Query } from "../../oracles/contract/query.ts";
import type { Decision } from "../../oracles/model/decide.ts";

export interface TriageContext {
  readonly matcher: Pick<Matcher, "match">;
  /** The model's decision; `count` false keeps it out of the run's clause coverage. */
  model(q: Query, count?: boolean): Decision;
  /**
   * May `q` be asked at all (the implementation's subjects, minors and claimed scope, and the model
   * decides it)? `beyondModel`: or an upstream oracle decides it where the model stops.
   */
  allows(q: Query, beyondModel?: boolean): boolean;
  /** Which reference decides `q`: the model, or where the model stops an upstream oracle when the run has one. */
  decidedBy(q: Query): ReferenceName;
  /** The outcome of the reference that decides `q`, undefined when it gave none (in time). */
  referenceOutcome(q: Query): Promise<Outcome | undefined>;
  /** The implementation's outcome on `q`, undefined when it gave none. */
  outcomeOf(q: Query): Promise<Outcome | undefined>;
}
