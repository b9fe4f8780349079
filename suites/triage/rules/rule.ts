// A triage rule: a second look at a reduced case that names its cause better than the clause the
// model's decision turned on (the words a message lacks, the part of a condition evaluated
// otherwise, the place a policy's constraints stand). rules/index.ts lists them in the order tried.
import type { Answer } from "../../../oracles/adapters/matcher.ts";
import type { Query } from "../../../oracles/contract/query.ts";
import type { Diagnosis } from "../diagnosis.ts";
import type { TriageContext } from "../triageContext.ts";

/** A failure after its reduction, as the rules see it. */
export interface ReducedCase {
  /** The reduced query, and the implementation's answer to it. */
  readonly query: Query;
  readonly answer: Answer;
  /** Did the reduction ask anything (a case it did not touch is the raw example)? */
  readonly reduced: boolean;
  /** Why the reduction was not tried, if it was not. */
  readonly off: string | undefined;
  /** The words a corpus test expects and the implementation's message alone leaves out (messageOnly.ts). */
  readonly words: string | undefined;
}

/** What a rule found: the diagnosis re-keyed, and a smaller minimal case if it asked one. */
export interface Finding {
  readonly query?: Query;
  readonly answer?: Answer;
  rekey(d: Diagnosis): Diagnosis;
}

export interface TriageRule {
  readonly name: string;
  /** Undefined when the rule does not apply to the case or finds nothing there. */
  find(ctx: TriageContext, c: ReducedCase): Promise<Finding | undefined>;
}
