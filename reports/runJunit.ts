// JUnit XML: one suite per phase, one failing testcase per cause (under the phase it was first seen
// in), for CI systems.
import type { Cause } from "./causeModel.ts";
import { xml as esc } from "./escape.ts";
import { reportModel } from "./reportModel.ts";
import { escapedNote } from "./runNotes.ts";
import type { Phase, RunReport } from "./runReport.ts";

export function runJunit(r: RunReport): string {
  const m = reportModel(r);
  const f = r.footer;
  const totals: Record<Phase, { tests: number; passed: number }> = {
    corpus: { tests: f.corpus.passed + f.corpus.failed, passed: f.corpus.passed },
    generated: { tests: f.generated.agreed + f.generated.diverged, passed: f.generated.agreed },
    invariant: { tests: f.invariants.reduce((n, i) => n + i.checked, 0), passed: 0 },
  };
  totals.invariant.passed = totals.invariant.tests - f.invariants.reduce((n, i) => n + i.violated, 0);
  const suites = (Object.keys(totals) as Phase[]).map((phase) => {
    const buckets = m.causes.filter((c, i) => r.buckets[i]?.phase === phase && !c.expectedFailure);
    const cases = [
      `    <testcase classname="matchconform.${phase}" name="${totals[phase].passed} agreeing decisions"/>`,
      ...buckets.map(
        (c) =>
          `    <testcase classname="matchconform.${phase}" name="${esc(c.title)}">\n      <failure message="${esc(`${c.count} × ${c.signature}`)}">${esc(
            `${answers(c)}\ndecided by ${c.decidedBy}\n\nbundle, in the report folder: ${c.bundle}\n${c.caseFile}`,
          )}</failure>\n    </testcase>`,
      ),
    ];
    return `  <testsuite name="matchconform ${phase}" tests="${buckets.length + 1}" failures="${buckets.length}">\n${cases.join("\n")}\n  </testsuite>`;
  });
  const notes = m.notes;
  // A run that ended early, whose implementation broke, or that did not do its promised work fails
  // CI through a testcase of its own.
  if (r.header.partial || r.footer.implementationHealth?.broken || r.footer.completion?.status === "incomplete")
    suites.push(
      `  <testsuite name="matchconform run" tests="1" failures="1">\n    <testcase classname="matchconform.run" name="the run ended as planned">\n      <failure message="${esc(notes[0]?.text ?? "")}">${esc(
        notes.map((n) => [n.text, ...(n.lines ?? []).map((l) => `    ${l}`)].join("\n")).join("\n"),
      )}</failure>\n    </testcase>\n  </testsuite>`,
    );
  const escaped = notes.find((n) => n.text === escapedNote([]).text);
  // Daemons the implementation left running fail CI whatever the verdict: a run must leave nothing behind.
  if (escaped)
    suites.push(
      `  <testsuite name="matchconform implementation" tests="1" failures="1">\n    <testcase classname="matchconform.implementation" name="it left no process running">\n      <failure message="${esc(escaped.text)}">${esc(
        (escaped.lines ?? []).join("\n"),
      )}</failure>\n    </testcase>\n  </testsuite>`,
    );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="matchconform ${esc(m.name)}">\n${suites.join("\n")}\n</testsuites>\n`;
}

/** What the failure says of the reduced example's answers. */
function answers(c: Cause): string {
  const b = c.body;
  switch (b.kind) {
    case "reference":
    case "family":
      return `expected: ${b.expected}\nactual: ${b.actual}`;
    case "pair":
      return `expected: ${b.expected}\nactual: ${b.base.answer}`;
  }
}
