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
import type { Respondent } from "./options.ts";

export type InconsistentAnswers = NonNullable<RunReport["footer"]["inconsistentAnswers"]>;

/** The finding, or undefined when every query asked again got the same answer. `found`: the causes it sets aside. */
export function inconsistentAnswers(m: WatchedMatcher, found: readonly Bucket[]): InconsistentAnswers | undefined {
  const queries = m.inconsistentQueries();
  if (queries === 0) return undefined;
  return { queries, examples: m.inconsistencies(), setAside: found.length };
}

/**
 * Why the run could not use the implementation, naming the first query and its two answers; when
 * the respondent is the real server (verify), why its answers decide nothing: its own fault or its
 * infrastructure's, never a divergence of the model.
 */
export function inconsistentReason(f: InconsistentAnswers, respondent: Respondent = "implementation"): string {
  const e = f.examples[0];
  const first = e
    ? `, e.g. ${caseSummary(e.query).at(-1)}: first ${bounded(formatAnswer(e.first), 300)}, then ${bounded(formatAnswer(e.second), 300)}`
    : "";
  const twice = `${f.queries} quer${f.queries === 1 ? "y" : "ies"} answered two ways${first}`;
  if (respondent === "server")
    return `the server is unreliable: kube-apiserver answered the same query differently (${twice}); a server that decides one query two ways is the server's or its infrastructure's fault (a cache not yet synced, a lost webhook call, something else changing the cluster), so none of its verdicts is reported as a divergence: run verify again, on a cluster nothing else uses`;
  return `the implementation answers the same query differently (${twice}): its divergences may be chance, so none is reported as a cause`;
}
