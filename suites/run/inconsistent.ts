// A run whose implementation answered one query two ways (oracles/adapters/consistencyWatch.ts):
// its divergences may be chance, and a reduction that follows chance answers ends on a minimal case
// where both sides agree. The run says so as a finding about the implementation, with both answers,
// sets its causes aside instead of reporting any, and ends as an implementation that could not be
// used (exit 2).
import type { WatchedMatcher } from "../../oracles/adapters/consistencyWatch.ts";
import { formatAnswer } from "../../reports/answerText.ts";
import { caseSummary } from "../../reports/bucketText.ts";
import { bounded } from "../../reports/escape.ts";
import type { Bucket, RunReport } from "../../reports/runReport.ts";

export type InconsistentAnswers = NonNullable<RunReport["footer"]["inconsistentAnswers"]>;

/** The finding, or undefined when every query asked again got the same answer. `found`: the causes it sets aside. */
export function inconsistentAnswers(m: WatchedMatcher, found: readonly Bucket[]): InconsistentAnswers | undefined {
  const queries = m.inconsistentQueries();
  if (queries === 0) return undefined;
  return { queries, examples: m.inconsistencies(), setAside: found.length };
}

/** Why the run could not use the implementation, naming the first query and its two answers. */
export function inconsistentReason(f: InconsistentAnswers): string {
  const e = f.examples[0];
  const first = e
    ? `, e.g. ${caseSummary(e.query).at(-1)}: first ${bounded(formatAnswer(e.first), 300)}, then ${bounded(formatAnswer(e.second), 300)}`
    : "";
  return `the implementation answers the same query differently (${f.queries} quer${f.queries === 1 ? "y" : "ies"} answered two ways${first}): its divergences may be chance, so none is reported as a cause`;
}
