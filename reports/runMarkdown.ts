// report.md, fit for a CI job summary.
import { formatAnswer, formatReference } from "./answerText.ts";
import { runNotes } from "./runNotes.ts";
import type { RunReport } from "./runReport.ts";

export function runMarkdown(r: RunReport): string {
  const f = r.footer;
  const h = r.header;
  const out = [
    `# matchconform: ${h.implementation.name} ${h.implementation.version}`,
    "",
    `Kubernetes ${h.kubernetesVersions.join(", ")} · input ${h.input} · seed ${h.seed} · profile ${h.profile} · ${(f.durationMs / 1000).toFixed(1)} s`,
    "",
    "| phase | passed | failed | skipped |",
    "|---|---:|---:|---:|",
    `| corpus | ${f.corpus.passed} | ${f.corpus.failed} | ${f.corpus.skipped} |`,
    `| generated scenarios | ${f.generated.agreed} | ${f.generated.diverged} | ${f.generated.skipped} |`,
    `| invariants | ${f.invariants.reduce((n, i) => n + i.checked - i.violated, 0)} | ${f.invariants.reduce((n, i) => n + i.violated, 0)} | ${f.invariants.reduce((n, i) => n + i.inconclusive, 0)} |`,
    "",
  ];
  const notes = runNotes(r);
  for (const note of notes) {
    out.push(`- **${note.text}**`);
    for (const l of note.lines ?? []) out.push(`  - \`${JSON.stringify(l).replace(/`/g, "'")}\``);
  }
  if (notes.length > 0) out.push("");
  const open = r.buckets.filter((b) => !b.expectedFailure);
  out.push(
    open.length === 0 ? "**No divergence.**" : `## ${open.length} divergence bucket${open.length === 1 ? "" : "s"}`,
    "",
  );
  for (const b of r.buckets) {
    out.push(
      `### ${b.expectedFailure ? "(expected) " : ""}${b.signature}`,
      "",
      `${b.count} × in ${b.phase}, Kubernetes ${b.minors.join(", ")}${b.expectedFailure ? ` — ${b.expectedFailure.reason}${b.expectedFailure.issue ? ` (${b.expectedFailure.issue})` : ""}` : ""}`,
      "",
      `- expected: ${formatReference(b.example.expected)}`,
      `- actual: ${formatAnswer(b.example.actual)}`,
      ...(b.example.variant
        ? [`- variant: ${formatAnswer(b.example.variant.actual)} (${b.example.variant.relation})`]
        : []),
      ...(b.example.corpus
        ? [`- corpus: ${b.example.corpus.file}, "${b.example.corpus.case}" / "${b.example.corpus.test}"`]
        : []),
      "",
      "<details><summary>minimal case</summary>",
      "",
      "```yaml",
      b.example.caseFile.trimEnd(),
      "```",
      "",
      "</details>",
      "",
    );
  }
  for (const e of r.expectedFailures.noLongerFailing) out.push(`- expected failure no longer failing: ${e}`);
  return `${out.join("\n")}\n`;
}
