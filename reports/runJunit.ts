// JUnit XML: one suite per phase, one failing testcase per cause (under the phase it was first seen
// in), for CI systems.
import { formatAnswer, formatReference } from "./answerText.ts";
import { runNotes } from "./runNotes.ts";
import type { Phase, RunReport } from "./runReport.ts";

const esc = (s: string) =>
  s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/[^\t\n\r\x20-\uFFFD]/g, "");

export function runJunit(r: RunReport): string {
  const f = r.footer;
  const totals: Record<Phase, { tests: number; passed: number }> = {
    corpus: { tests: f.corpus.passed + f.corpus.failed, passed: f.corpus.passed },
    generated: { tests: f.generated.agreed + f.generated.diverged, passed: f.generated.agreed },
    invariant: { tests: f.invariants.reduce((n, i) => n + i.checked, 0), passed: 0 },
  };
  totals.invariant.passed = totals.invariant.tests - f.invariants.reduce((n, i) => n + i.violated, 0);
  const suites = (Object.keys(totals) as Phase[]).map((phase) => {
    const buckets = r.buckets.filter((b) => b.phase === phase && !b.expectedFailure);
    const cases = [
      `    <testcase classname="matchconform.${phase}" name="${totals[phase].passed} agreeing decisions"/>`,
      ...buckets.map(
        (b) =>
          `    <testcase classname="matchconform.${phase}" name="${esc(b.title)}">\n      <failure message="${esc(`${b.count} × ${b.signature}`)}">${esc(
            `expected: ${formatReference(b.example.expected)}\nactual: ${formatAnswer(b.example.actual)}\n\n${b.example.caseFile}`,
          )}</failure>\n    </testcase>`,
      ),
    ];
    return `  <testsuite name="matchconform ${phase}" tests="${buckets.length + 1}" failures="${buckets.length}">\n${cases.join("\n")}\n  </testsuite>`;
  });
  const notes = runNotes(r);
  // A run that ended early, whose implementation broke, or that did not do its promised work fails
  // CI through a testcase of its own.
  if (r.header.partial || r.footer.implementationHealth?.broken || r.footer.completion?.status === "incomplete")
    suites.push(
      `  <testsuite name="matchconform run" tests="1" failures="1">\n    <testcase classname="matchconform.run" name="the run ended as planned">\n      <failure message="${esc(notes[0]?.text ?? "")}">${esc(
        notes.map((n) => [n.text, ...(n.lines ?? []).map((l) => `    ${l}`)].join("\n")).join("\n"),
      )}</failure>\n    </testcase>\n  </testsuite>`,
    );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="matchconform ${esc(r.header.implementation.name)}">\n${suites.join("\n")}\n</testsuites>\n`;
}
