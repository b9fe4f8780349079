// report.html: one self-contained page — buckets with their example side by side, and the
// clause coverage of the model's decisions during the run.
import { clauses } from "../oracles/model/clauses.ts";
import { formatAnswer, formatReference } from "./answerText.ts";
import { runNotes } from "./runNotes.ts";
import type { Bucket, RunReport } from "./runReport.ts";

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const style = `
body{font:15px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:72rem;padding:0 1rem;color:#1b1f24}
h1{font-size:1.5rem}h2{font-size:1.2rem;margin-top:2rem}table{border-collapse:collapse}
td,th{padding:.25rem .6rem;border-bottom:1px solid #ddd;text-align:left}th{background:#f4f5f7}
.num{text-align:right;font-variant-numeric:tabular-nums}.bucket{border:1px solid #d0d7de;border-radius:6px;margin:1rem 0;padding:.8rem 1rem}
.bucket.expected{opacity:.7}.sig{font-family:ui-monospace,monospace;font-weight:600}.pair{display:grid;grid-template-columns:1fr 1fr;gap:1rem}
.pair div{background:#f6f8fa;border-radius:4px;padding:.5rem}.ok{color:#1a7f37}.bad{color:#cf222e}
pre{background:#f6f8fa;padding:.6rem;overflow:auto;font-size:12.5px;max-height:28rem}.bar{background:#54aeff;height:.7rem;display:inline-block}
.zero{color:#cf222e}details summary{cursor:pointer}`;

export function runHtml(r: RunReport): string {
  const f = r.footer;
  const h = r.header;
  const open = r.buckets.filter((b) => !b.expectedFailure).length;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>matchconform: ${esc(h.implementation.name)}</title><style>${style}</style></head><body>
<h1>matchconform: ${esc(h.implementation.name)} ${esc(h.implementation.version)}</h1>
<p>Kubernetes ${h.kubernetesVersions.join(", ")} · input ${h.input} · seed ${h.seed} · profile ${esc(h.profile)} · ${(f.durationMs / 1000).toFixed(1)} s ·
<span class="${open === 0 ? "ok" : "bad"}">${open === 0 ? "no divergence" : `${open} divergence bucket${open === 1 ? "" : "s"}`}</span></p>
<p>Replay: <code>${esc(h.replay)}</code></p>${notesHtml(r)}
<table><tr><th>phase</th><th class="num">passed</th><th class="num">failed</th><th class="num">skipped</th></tr>
<tr><td>corpus</td><td class="num">${f.corpus.passed}</td><td class="num">${f.corpus.failed}</td><td class="num">${f.corpus.skipped}</td></tr>
<tr><td>generated scenarios</td><td class="num">${f.generated.agreed}</td><td class="num">${f.generated.diverged}</td><td class="num">${f.generated.skipped}</td></tr>
<tr><td>invariants</td><td class="num">${f.invariants.reduce((n, i) => n + i.checked - i.violated, 0)}</td><td class="num">${f.invariants.reduce((n, i) => n + i.violated, 0)}</td><td class="num">${f.invariants.reduce((n, i) => n + i.inconclusive, 0)}</td></tr></table>
<h2>Buckets</h2>${r.buckets.length === 0 ? "<p class=ok>Every decision agrees.</p>" : r.buckets.map(bucketHtml).join("\n")}
${r.expectedFailures.noLongerFailing.map((e) => `<p class="bad">Expected failure no longer failing: ${esc(e)}</p>`).join("")}
<h2>Clause coverage</h2><p>How many of the model's decisions in this run went through each clause.</p>
${coverageHtml(f.clauseCoverage)}
</body></html>
`;
}

function bucketHtml(b: Bucket): string {
  const e = b.example;
  const variant = e.variant
    ? `<p>Relation: ${esc(e.variant.relation)}</p><div class="pair"><div><b>base</b><br>${esc(formatAnswer(e.actual))}</div><div><b>variant</b><br>${esc(formatAnswer(e.variant.actual))}</div></div>`
    : `<div class="pair"><div><b>reference model (kube-apiserver)</b><br>${esc(formatReference(e.expected))}</div><div><b>implementation</b><br>${esc(formatAnswer(e.actual))}</div></div>`;
  return `<div class="bucket${b.expectedFailure ? " expected" : ""}"><div class="sig">${esc(b.signature)}</div>
<p>${b.count} × in ${b.phase} · Kubernetes ${b.minors.join(", ")}${b.expectedFailure ? ` · expected: ${esc(b.expectedFailure.reason)}` : ""}${e.corpus ? ` · ${esc(e.corpus.file)}: ${esc(e.corpus.case)}` : ""}</p>
${variant}
<details><summary>minimal case file</summary><pre>${esc(e.caseFile)}</pre></details>
${e.clauses.length ? `<details><summary>clauses</summary><p>${e.clauses.map((c) => `<code>${esc(c)}</code>`).join(" ")}</p></details>` : ""}</div>`;
}

function coverageHtml(coverage: Readonly<Record<string, number>>): string {
  const max = Math.max(1, ...Object.values(coverage));
  const rows = Object.entries(coverage).map(([c, n]) => {
    const known = clauses[c as keyof typeof clauses];
    const width = Math.round((200 * Math.log1p(n)) / Math.log1p(max));
    return `<tr><td><code>${esc(c)}</code></td><td class="num${n === 0 ? " zero" : ""}">${n}</td><td><span class="bar" style="width:${width}px"></span></td><td>${esc(known?.summary ?? "")}</td></tr>`;
  });
  return `<table><tr><th>clause</th><th class="num">decisions</th><th></th><th>what it decides</th></tr>${rows.join("")}</table>`;
}

function notesHtml(r: RunReport): string {
  const notes = runNotes(r);
  if (notes.length === 0) return "";
  const items = notes.map(
    (n) =>
      `<li class="bad">${esc(n.text)}${n.lines?.length ? `<pre>${n.lines.map((l) => esc(JSON.stringify(l))).join("\n")}</pre>` : ""}</li>`,
  );
  return `<ul>${items.join("")}</ul>`;
}
