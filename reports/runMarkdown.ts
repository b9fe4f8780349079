// report.md, fit for a CI job summary.
import { formatAnswer, formatReference } from "./answerText.ts";
import { neverChecked, reductionText, seenIn, subjectsYaml } from "./bucketText.ts";
import { notSentLine, profileRows, reasonText, skipSections, skipWarnings } from "./profile.ts";
import { runNotes } from "./runNotes.ts";
import type { Bucket, RunReport } from "./runReport.ts";
import { verdict, versionsText } from "./verdict.ts";

export function runMarkdown(r: RunReport): string {
  const f = r.footer;
  const h = r.header;
  const out = [
    `# matchconform: ${h.implementation.name} ${h.implementation.version}`,
    "",
    `${versionsText(r)} · input ${h.input} · seed ${h.seed} · profile ${h.profile} · ${(f.durationMs / 1000).toFixed(1)} s`,
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
  const notes = runNotes(r);
  for (const note of notes) {
    out.push(`- **${note.text}**`);
    for (const l of note.lines ?? []) out.push(`  - \`${JSON.stringify(l).replace(/`/g, "'")}\``);
  }
  if (notes.length > 0) out.push("");
  const v = verdict(r);
  out.push(v.kind === "causes" ? `## ${v.text}` : `**${v.text}.**`, "");
  for (const b of r.buckets) out.push(...bucketMarkdown(b));
  for (const e of r.expectedFailures.noLongerFailing) out.push(`- expected failure no longer failing: ${e}`);
  // A run that decided nothing has no invariants, skips or claim to show (it never got a ready).
  if (v.kind !== "nothingTested") out.push(...invariantsMarkdown(r), ...skipsMarkdown(r), ...profileMarkdown(r));
  return `${out.join("\n")}\n`;
}

function bucketMarkdown(b: Bucket): string[] {
  const e = b.example;
  const expected = b.expectedFailure;
  const out = [
    `### ${expected ? "(expected) " : ""}${b.title}`,
    "",
    `\`${b.signature}\` · ${b.count} × (${seenIn(b)})${expected ? ` — ${expected.reason}${expected.issue ? ` (${expected.issue})` : ""}` : ""}`,
    "",
  ];
  if (b.family) {
    const objections = b.family.name === "rejectsValid";
    out.push(
      b.family.explanation,
      "",
      objections ? "| count | what the implementation objected to |" : "| count | rule | what kube-apiserver does |",
      objections ? "|---:|---|" : "|---:|---|---|",
    );
    for (const row of b.family.rows)
      out.push(
        objections ? `| ${row.count} | ${cell(row.clause)} |` : `| ${row.count} | \`${row.clause}\` | ${row.title} |`,
      );
    out.push("");
  } else if (e.variant) {
    const [base, variant] = subjectsYaml(b) ?? ["", ""];
    out.push(
      `- relation: ${e.variant.relation}`,
      "",
      "| base | variant |",
      "|---|---|",
      `| ${cell(formatAnswer(e.actual))} | ${cell(formatAnswer(e.variant.actual))} |`,
      `| <pre>${html(base)}</pre> | <pre>${html(variant)}</pre> |`,
      "",
    );
  } else {
    out.push(`- kube-apiserver: ${formatReference(e.expected)}`, `- implementation: ${formatAnswer(e.actual)}`);
  }
  if (b.source) out.push(`- upstream: ${b.source}`);
  if (b.notReproducible) out.push(`- no real cluster can reproduce it: ${b.notReproducible}`);
  const corpus = b.evidence?.corpus ?? [];
  if (corpus.length > 0) {
    out.push("- corpus tests that fail for this cause:");
    for (const c of corpus.slice(0, 5))
      out.push(`  - ${c.file.replace(/^.*\/suites\//, "suites/")}: ${c.case} / ${c.test}`);
    if (corpus.length > 5) out.push(`  - and ${corpus.length - 5} more (report.json)`);
  }
  if (b.evidence?.invariants.length) out.push(`- invariants violated: ${b.evidence.invariants.join(", ")}`);
  out.push(
    "",
    `<details><summary>${reductionText(b)}</summary>`,
    "",
    "```yaml",
    e.caseFile.trimEnd(),
    "```",
    "",
    "</details>",
    "",
  );
  return out;
}

const html = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/\|/g, "&#124;").replace(/\n/g, "<br>");
const cell = (s: string) => s.replace(/\|/g, "\\|");

function invariantsMarkdown(r: RunReport): string[] {
  const never = neverChecked(r);
  return [
    "## Invariants",
    "",
    "| invariant | checked | violated | inconclusive |",
    "|---|---:|---:|---:|",
    ...r.footer.invariants.map((i) => `| ${i.name} | ${i.checked} | ${i.violated} | ${i.inconclusive} |`),
    "",
    ...(never.length > 0 ? [`Never checked in this run: ${never.join(", ")}.`, ""] : []),
  ];
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
    ...profileRows(r.header.capabilities, r.header.kubernetesVersions, r.header.subjects).map(
      (x) =>
        `| ${x.area} | ${x.name} | ${x.full} | ${x.supported ? x.claimed : `**${x.claimed}**`} | ${x.note ?? ""} |`,
    ),
    "",
  ];
}
