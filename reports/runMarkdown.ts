// report.md, fit for a CI job summary.
import { formatAnswer, formatReference } from "./answerText.ts";
import { notSentLine, profileRows, reasonText, skipSections, skipWarnings } from "./profile.ts";
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
    ...notSentLine(r).flatMap((l) => [`${l[0]?.toUpperCase()}${l.slice(1)}.`, ""]),
    ...skipWarnings(r).flatMap((w) => [`> **${w}**`, ""]),
  ];
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
  out.push(...skipsMarkdown(r), ...profileMarkdown(r));
  return `${out.join("\n")}\n`;
}

function skipsMarkdown(r: RunReport): string[] {
  const sections = skipSections(r);
  if (sections.length === 0) return [];
  return [
    "## Skipped",
    "",
    "| phase | count | reason |",
    "|---|---:|---|",
    ...sections.flatMap(({ phase, skips }) =>
      skips.reasons.map((x) => `| ${phase} | ${x.count} | ${reasonText(x).replace(/\|/g, "\\|")} |`),
    ),
    "",
  ];
}

function profileMarkdown(r: RunReport): string[] {
  return [
    "## Profile",
    "",
    "| | | full | claimed | |",
    "|---|---|---|---|---|",
    ...profileRows(r.header.capabilities, r.header.kubernetesVersions).map(
      (x) =>
        `| ${x.area} | ${x.name} | ${x.full} | ${x.supported ? x.claimed : `**${x.claimed}**`} | ${x.note ?? ""} |`,
    ),
    "",
  ];
}
