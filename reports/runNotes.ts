// What a report says about the run itself, beside the divergences: that it ended early and why,
// what the time limit left unasked, and how a child implementation behaved as a process.
import type { ProtocolFaultKind } from "../oracles/adapters/matcher.ts";
import { formatAnswer, formatExpected, formatOutcome } from "./answerText.ts";
import { caseSummary } from "./bucketText.ts";
import { bounded } from "./escape.ts";
import type { RunReport } from "./runReport.ts";

const faultText: Record<ProtocolFaultKind, string> = {
  notJson: "not JSON",
  overlongLine: "longer than the line limit",
  missingSeq: "an answer without seq",
  unknownSeq: "an answer to a seq never asked",
  duplicateSeq: "a second answer to a seq",
  startAnsweredTwice: "a second ready",
};

/** One note a line, plain text; the offending lines of a fault follow it, indented by the caller. */
export interface RunNote {
  readonly text: string;
  readonly lines?: readonly string[];
}

export function runNotes(r: RunReport): RunNote[] {
  const notes: RunNote[] = [];
  if (r.header.partial) notes.push({ text: `partial report: ${r.header.partial}` });
  const beyond = beyondModelNote(r);
  if (beyond) notes.push({ text: beyond });
  const c = r.footer.completion;
  if (c?.status === "incomplete" && (c.cause === "timeLimit" || c.cause === "caseTimeout"))
    notes.push({ text: `incomplete: ${c.reason}` });
  const n = r.footer.notRun;
  if (n)
    notes.push({
      text: `not run (${n.reason}): ${n.corpus} corpus tests, ${n.generated} generated scenarios, ${n.invariants} invariant checks; ${n.abandoned} answers abandoned`,
    });
  const h = r.footer.implementationHealth;
  if (h && (h.restarts > 0 || h.timeouts > 0 || h.broken || h.faults.length > 0)) {
    notes.push({
      text: `implementation: ${h.children} children started, ${h.restarts} restarts, ${h.timeouts} cases timed out${h.broken ? `; declared broken: ${h.broken}` : ""}`,
    });
    for (const f of h.faults)
      notes.push({
        text: `protocol fault of child ${f.child}: ${f.count} line${f.count === 1 ? "" : "s"} ${faultText[f.kind]}`,
        lines: f.lines,
      });
  }
  if (h?.escaped?.length) notes.push(escapedNote(h.escaped));
  const contradicted = contradictedNote(r);
  if (contradicted) notes.push(contradicted);
  const twoWays = inconsistentNote(r);
  if (twoWays) notes.push(twoWays);
  return notes;
}

/** Corpus tests whose expectation the reference contradicts: the case files' fault, each with both sides. */
function contradictedNote(r: RunReport): RunNote | undefined {
  const c = r.footer.contradictedTests;
  if (c === undefined) return undefined;
  const shown = c.examples.length < c.tests ? `, the first ${c.examples.length} below` : "";
  return {
    text: `input: ${c.tests} corpus test${c.tests === 1 ? " expects" : "s expect"} what kube-apiserver does not decide${shown}; the implementation is judged against the reference there, not against the case file, which needs correcting`,
    lines: c.examples.map(
      (t) =>
        `${bounded(t.file, 200)} › ${bounded(t.case, 200)} › ${bounded(t.test, 200)} (Kubernetes ${t.minor}): expects ${bounded(formatExpected(t.expected), 300)}; ${t.reference === "model" ? "the reference model" : `kube-apiserver's own code (${t.reference})`} decides ${bounded(formatOutcome(t.decided), 300)}`,
    ),
  };
}

/** Each query answered two ways, with both answers: what the implementation's maintainer needs to see it. */
function inconsistentNote(r: RunReport): RunNote | undefined {
  const f = r.footer.inconsistentAnswers;
  if (f === undefined) return undefined;
  const shown = f.examples.length < f.queries ? `, the first ${f.examples.length} below` : "";
  const c = r.footer.completion;
  const who =
    c?.status === "incomplete" && c.cause === "unreliableServer"
      ? "server (the infrastructure's fault, exit 4)"
      : "implementation";
  return {
    text: `${who}: answers the same query differently: ${f.queries} quer${f.queries === 1 ? "y" : "ies"} answered two ways when asked again${shown}; its ${f.setAside} cause${f.setAside === 1 ? "" : "s"} of divergence set aside, since a divergence may be chance`,
    lines: f.examples.map(
      (e) =>
        `${caseSummary(e.query).join(" · ")}: first ${bounded(formatAnswer(e.first), 400)}, then ${bounded(formatAnswer(e.second), 400)}`,
    ),
  };
}

/** Daemons that left a child's process group: a finding about the implementation, whatever the verdict. */
export function escapedNote(escaped: readonly string[]): RunNote {
  return {
    text: "implementation: left processes running outside its process group (setsid or a double fork); found by the environment marker and killed",
    lines: escaped,
  };
}

/**
 * What decided where the model stops, said only when the run met such queries (an upstream oracle
 * decided some, or some were kept back), so that a run inside the model reads the same whatever
 * the machine has built.
 */
function beyondModelNote(r: RunReport): string | undefined {
  const refs = r.header.references;
  const s = r.footer.skips;
  const keptBack = [s.corpus, s.generated, s.invariants].some((p) => p.reasons.some((x) => x.by === "model"));
  if (refs === undefined || !((refs.decided ?? 0) > 0 || (keptBack && refs.note))) return undefined;
  const decided = refs.decided ? `${refs.decided} queries decided by ${refs.upstream.join(", ")}` : "none decided";
  return `where the model stops (--reference ${refs.choice}): ${decided}${refs.note ? `; ${refs.note}` : ""}`;
}
