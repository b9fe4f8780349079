// report.html: the report model (reports/reportModel.ts) as one self-contained page — a table of
// contents, an anchor and a bundle link per cause, minimal cases folded, a layout for phones and
// for print. Nothing is fetched; the one inline script only unfolds the cases before printing.
import type { Cause } from "./causeModel.ts";
import { html as esc } from "./escape.ts";
import type { Cell, ReportModel, Section, Table } from "./reportModel.ts";
import { reportModel } from "./reportModel.ts";
import type { RunReport } from "./runReport.ts";

const style = `
body{font:15px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:72rem;padding:0 1rem;color:#1b1f24}
h1{font-size:1.5rem}h2{font-size:1.2rem;margin-top:2rem}table{border-collapse:collapse}
td,th{padding:.25rem .6rem;border-bottom:1px solid #ddd;text-align:left}th{background:#f4f5f7}
.num{text-align:right;font-variant-numeric:tabular-nums}.bucket{border:1px solid #d0d7de;border-radius:6px;margin:1rem 0;padding:.8rem 1rem}
.bucket.expected{opacity:.7}.title{font-weight:600;font-size:1.05rem}.sig{font-family:ui-monospace,monospace;font-size:.85rem;color:#57606a}.pair{display:grid;grid-template-columns:1fr 1fr;gap:1rem}
.pair div{background:#f6f8fa;border-radius:4px;padding:.5rem}.ok{color:#1a7f37}.bad{color:#cf222e}
pre.summary{white-space:pre-wrap;max-height:none}pre{background:#f6f8fa;padding:.6rem;overflow:auto;font-size:12.5px;max-height:28rem}.bar{background:#54aeff;height:.7rem;display:inline-block}
details summary{cursor:pointer}nav.toc{border-left:3px solid #d0d7de;padding-left:1rem;margin:1rem 0}nav.toc ol{margin:.3rem 0}
a.anchor{color:#57606a;text-decoration:none;margin-left:.4rem}.bundle{font-size:.9rem}
@media (max-width:48rem){body{margin:1rem auto}.pair{grid-template-columns:1fr}table{display:block;overflow-x:auto}}
@media print{body{max-width:none;margin:0;font-size:11pt}nav.toc,a.anchor{display:none}h2,.title{break-after:avoid-page}.pair,.sig{break-inside:avoid-page}
pre{max-height:none;white-space:pre-wrap}details>*{display:block}details::details-content{content-visibility:visible;display:block}}`;

/** Closed <details> do not print their content in every browser: open them all before printing. */
const printScript = `addEventListener("beforeprint",()=>{for(const d of document.querySelectorAll("details"))d.open=true})`;

export function runHtml(r: RunReport): string {
  const m = reportModel(r);
  const v = m.verdict;
  const name = `${esc(m.name)} ${esc(m.version)}`;
  const causes =
    m.causes.length === 0
      ? v.kind === "nothingTested" || v.kind === "inconsistent"
        ? `<p class="bad">${esc(v.text)}.</p>`
        : "<p class=ok>Every decision agrees.</p>"
      : m.causes.map(causeHtml).join("\n");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>matchconform: ${esc(m.name)}</title><style>${style}</style><script>${printScript}</script></head><body>
<h1>matchconform: ${name}</h1>
<p>${esc(m.meta)} ·
<span class="${v.kind === "noDivergence" ? "ok" : "bad"}">${esc(v.text)}</span></p>
<p>Replay: <code>${esc(m.replay)}</code></p>${notesHtml(m)}
${m.notSent.map((l) => `<p>${esc(l)}</p>`).join("")}
${m.warnings.map((w) => `<p class="bad">${esc(w)}</p>`).join("\n")}
${table(m.phases)}
${contents(m)}
<section id="causes"><h2>Causes of divergence</h2>${causes}
${m.noLongerFailing.map((e) => `<p class="bad">Expected failure no longer failing: ${esc(e)}</p>`).join("")}</section>
${m.sections.map(sectionHtml).join("\n")}
</body></html>
`;
}

function contents(m: ReportModel): string {
  const causes = m.causes.map(
    (c) => `<li><a href="#${c.anchor}">${esc(c.title)}</a> <span class="num">${c.count} ×</span></li>`,
  );
  const sections = m.sections.map((s) => `<li><a href="#${s.id}">${esc(s.title)}</a></li>`);
  return `<nav class="toc"><b>Contents</b><ol><li><a href="#causes">${esc(m.verdict.text)}</a>${
    causes.length > 0 ? `<ol>${causes.join("")}</ol>` : ""
  }</li>${sections.join("")}</ol></nav>`;
}

function causeHtml(c: Cause): string {
  const x = c.expectedFailure;
  const corpus =
    c.corpus.length > 0
      ? `<p>Corpus tests that fail for this cause:</p><ul>${c.corpus.map((t) => `<li>${esc(t)}</li>`).join("")}${
          c.corpusMore > 0 ? `<li>and ${c.corpusMore} more (report.json)</li>` : ""
        }</ul>`
      : "";
  const invariants = c.invariants.length ? `<p>Invariants violated: ${esc(c.invariants.join(", "))}</p>` : "";
  return `<section class="bucket${x ? " expected" : ""}" id="${c.anchor}"><div class="title">${esc(c.title)}<a class="anchor" href="#${c.anchor}" aria-label="link to this cause">#</a></div>
<p><span class="sig">${esc(c.signature)}</span> · ${c.count} × (${esc(c.seenIn)})${x ? ` · expected: ${esc(x.reason)}` : ""}</p>
<p class="impact">Impact: ${esc(c.impact)}</p>
<p class="bundle">Bundle: <a href="${c.bundle}README.md">${c.bundle}</a> (<a href="${c.bundle}case.yaml">case.yaml</a>)</p>
${bodyHtml(c)}
${c.source ? `<p>Upstream: <code>${esc(c.source)}</code></p>` : ""}<pre class="summary">${esc(c.summary.join("\n"))}</pre>${
    c.notReproducible
      ? `<p>${esc((c.notReproducibleLead ?? "").replace(/^./, (l) => l.toUpperCase()))}: ${esc(c.notReproducible)}</p>`
      : ""
  }${corpus}${invariants}
<details><summary>${esc(c.reduction)}</summary><pre>${esc(c.caseFile)}</pre></details>
${c.clauses.length ? `<details><summary>the model's clauses</summary><p>${c.clauses.map((k) => `<code>${esc(k)}</code>`).join(" ")}</p></details>` : ""}</section>`;
}

function bodyHtml(c: Cause): string {
  const b = c.body;
  switch (b.kind) {
    case "family":
      return `<p>${esc(b.explanation)}</p>${table(b.table)}`;
    case "pair":
      return `<p>Relation: ${esc(b.relation)}</p><div class="pair"><div><b>base</b>: ${esc(b.base.answer)}<pre>${esc(b.base.subjectYaml)}</pre></div><div><b>variant</b>: ${esc(b.variant.answer)}<pre>${esc(b.variant.subjectYaml)}</pre></div></div>`;
    case "reference":
      return `<div class="pair"><div><b>kube-apiserver (reference model)</b><br>${esc(b.expected)}</div><div><b>implementation</b><br>${esc(b.actual)}</div></div>`;
  }
}

function sectionHtml(s: Section): string {
  return `<section id="${s.id}"><h2>${esc(s.title)}</h2>${s.intro ? `<p>${esc(s.intro)}</p>\n` : ""}${table(s.table)}${
    s.after ? `<p>${esc(s.after)}</p>` : ""
  }</section>`;
}

function table(t: Table): string {
  const cls = (c: Cell) => [c.numeric && "num", c.tone].filter(Boolean).join(" ");
  const td = (tag: "td" | "th", c: Cell) => {
    const k = cls(c);
    const text =
      c.bar !== undefined
        ? `<span class="bar" style="width:${Math.round(200 * c.bar)}px"></span>`
        : c.code
          ? `<code>${esc(c.text)}</code>`
          : esc(c.text);
    return `<${tag}${k ? ` class="${k}"` : ""}>${text}</${tag}>`;
  };
  const rows = t.rows.map((cells) => `<tr>${cells.map((c) => td("td", c)).join("")}</tr>`);
  return `<table><tr>${t.head.map((c) => td("th", c)).join("")}</tr>\n${rows.join("\n")}</table>`;
}

function notesHtml(m: ReportModel): string {
  if (m.notes.length === 0) return "";
  const items = m.notes.map(
    (n) =>
      `<li class="bad">${esc(n.text)}${n.lines?.length ? `<pre>${n.lines.map((l) => esc(JSON.stringify(l))).join("\n")}</pre>` : ""}</li>`,
  );
  return `<ul>${items.join("")}</ul>`;
}
