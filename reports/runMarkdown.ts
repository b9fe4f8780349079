// report.md, fit for a CI job summary: the report model (reports/reportModel.ts) in Markdown, with
// a table of contents, an anchor per cause and links to each cause's bundle folder.
import type { Cause } from "./causeModel.ts";
import { html, md, mdCode, mdFence } from "./escape.ts";
import type { Cell, ReportModel, Section, Table } from "./reportModel.ts";
import { reportModel } from "./reportModel.ts";
import type { RunReport } from "./runReport.ts";

export function runMarkdown(r: RunReport): string {
  const m = reportModel(r);
  const v = m.verdict;
  const sections = m.sections.filter((s) => !s.htmlOnly);
  const out = [
    `# matchconform: ${md(m.name)} ${md(m.version)}`,
    "",
    md(m.meta),
    "",
    ...table(m.phases),
    "",
    ...m.notSent.flatMap((l) => [`${md(l[0]?.toUpperCase() ?? "")}${md(l.slice(1))}.`, ""]),
    ...m.warnings.flatMap((w) => [`> **${md(w)}**`, ""]),
  ];
  for (const note of m.notes) {
    out.push(`- **${md(note.text)}**`);
    for (const l of note.lines ?? []) out.push(`  - ${mdCode(JSON.stringify(l))}`);
  }
  if (m.notes.length > 0) out.push("");
  out.push(...contents(m, sections));
  out.push(v.kind === "causes" ? `## ${md(v.text)}` : `**${md(v.text)}.**`, "");
  for (const c of m.causes) out.push(...causeMarkdown(c));
  for (const e of m.noLongerFailing) out.push(`- expected failure no longer failing: ${md(e)}`);
  for (const s of sections) out.push(...sectionMarkdown(s));
  return `${out.join("\n")}\n`;
}

/** The table of contents, when there is more than the verdict to go to. */
function contents(m: ReportModel, sections: readonly Section[]): string[] {
  if (m.causes.length === 0 && sections.length === 0) return [];
  return [
    ...(m.causes.length > 0 ? [`- [${md(m.verdict.text)}](#causes)`] : []),
    ...m.causes.map((c) => `  - [${md(title(c))}](#${c.anchor})`),
    ...sections.map((s) => `- [${md(s.title)}](#${s.id})`),
    "",
    ...(m.causes.length > 0 ? ['<a id="causes"></a>', ""] : []),
  ];
}

const title = (c: Cause) => `${c.expectedFailure ? "(expected) " : ""}${c.title}`;

function causeMarkdown(c: Cause): string[] {
  const x = c.expectedFailure;
  const out = [
    `<a id="${c.anchor}"></a>`,
    "",
    `### ${md(title(c))}`,
    "",
    `${mdCode(c.signature)} · ${c.count} × (${md(c.seenIn)})${x ? ` — ${md(x.reason)}${x.issue ? ` (${md(x.issue)})` : ""}` : ""}`,
    "",
    `- bundle: [${c.bundle}](${c.bundle}README.md) · [case.yaml](${c.bundle}case.yaml)`,
  ];
  const b = c.body;
  switch (b.kind) {
    case "family":
      out.push("", md(b.explanation), "", ...table(b.table), "");
      break;
    case "pair":
      out.push(
        `- relation: ${md(b.relation)}`,
        "",
        "| base | variant |",
        "|---|---|",
        `| ${md(b.base.answer)} | ${md(b.variant.answer)} |`,
        `| <pre>${block(b.base.subjectYaml)}</pre> | <pre>${block(b.variant.subjectYaml)}</pre> |`,
        "",
      );
      break;
    case "reference":
      out.push(`- kube-apiserver: ${md(b.expected)}`, `- implementation: ${md(b.actual)}`);
      break;
  }
  out.push(`- impact: ${md(c.impact)}`);
  if (c.source) out.push(`- upstream: ${md(c.source)}`);
  if (c.notReproducible) out.push(`- ${md(c.notReproducibleLead ?? "")}: ${md(c.notReproducible)}`);
  if (c.corpus.length > 0) {
    out.push("- corpus tests that fail for this cause:", ...c.corpus.map((t) => `  - ${md(t)}`));
    if (c.corpusMore > 0) out.push(`  - and ${c.corpusMore} more (report.json)`);
  }
  if (c.invariants.length) out.push(`- invariants violated: ${md(c.invariants.join(", "))}`);
  out.push(
    "",
    `<details><summary>${md(c.reduction)}</summary>`,
    "",
    ...mdFence(c.caseFile, "yaml"),
    "",
    "</details>",
    "",
  );
  return out;
}

/** Multi-line text inside a table cell's <pre>: escaped, its newlines as <br>. */
const block = (s: string) => html(s).replace(/\|/g, "&#124;").replace(/\r?\n/g, "<br>");

function sectionMarkdown(s: Section): string[] {
  return [
    `<a id="${s.id}"></a>`,
    "",
    `## ${md(s.title)}`,
    "",
    ...(s.intro ? [md(s.intro), ""] : []),
    ...table(s.table),
    "",
    ...(s.after ? [md(s.after), ""] : []),
  ];
}

function table(t: Table): string[] {
  const row = (cells: readonly string[]) => `|${cells.map((c) => (c === "" ? " " : ` ${c} `)).join("|")}|`;
  return [
    row(t.head.map((c) => md(c.text))),
    `|${t.head.map((c) => (c.numeric ? "---:" : "---")).join("|")}|`,
    ...t.rows.map((cells) => row(cells.map(cell))),
  ];
}

function cell(c: Cell): string {
  if (c.text === "") return "";
  const text = c.code ? mdCode(c.text) : md(c.text);
  return c.tone === "bad" ? `**${text}**` : text;
}
