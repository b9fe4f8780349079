// report.html: one self-contained page — buckets with their example side by side, and the
// clause coverage of the model's decisions during the run.
import { clauses } from "../oracles/model/clauses.ts";
import { formatAnswer, formatReference } from "./answerText.ts";
import { caseSummary, neverChecked, reductionText, seenIn, subjectsYaml } from "./bucketText.ts";
import { notSentLine, profileRows, reasonText, skipSections, skipWarnings } from "./profile.ts";
import { runNotes } from "./runNotes.ts";
import type { Bucket, RunReport } from "./runReport.ts";
import { verdict, versionsText } from "./verdict.ts";

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const style = `
body{font:15px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:72rem;padding:0 1rem;color:#1b1f24}
h1{font-size:1.5rem}h2{font-size:1.2rem;margin-top:2rem}table{border-collapse:collapse}
td,th{padding:.25rem .6rem;border-bottom:1px solid #ddd;text-align:left}th{background:#f4f5f7}
.num{text-align:right;font-variant-numeric:tabular-nums}.bucket{border:1px solid #d0d7de;border-radius:6px;margin:1rem 0;padding:.8rem 1rem}
.bucket.expected{opacity:.7}.title{font-weight:600;font-size:1.05rem}.sig{font-family:ui-monospace,monospace;font-size:.85rem;color:#57606a}.pair{display:grid;grid-template-columns:1fr 1fr;gap:1rem}
.pair div{background:#f6f8fa;border-radius:4px;padding:.5rem}.ok{color:#1a7f37}.bad{color:#cf222e}
pre.summary{white-space:pre-wrap;max-height:none}pre{background:#f6f8fa;padding:.6rem;overflow:auto;font-size:12.5px;max-height:28rem}.bar{background:#54aeff;height:.7rem;display:inline-block}
.zero{color:#cf222e}details summary{cursor:pointer}`;

export function runHtml(r: RunReport): string {
  const f = r.footer;
  const h = r.header;
  const v = verdict(r);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>matchconform: ${esc(h.implementation.name)}</title><style>${style}</style></head><body>
<h1>matchconform: ${esc(h.implementation.name)} ${esc(h.implementation.version)}</h1>
<p>${versionsText(r)} · input ${h.input} · seed ${h.seed} · profile ${esc(h.profile)} · ${(f.durationMs / 1000).toFixed(1)} s ·
<span class="${v.kind === "noDivergence" ? "ok" : "bad"}">${esc(v.text)}</span></p>
<p>Replay: <code>${esc(h.replay)}</code></p>${notesHtml(r)}
${notSentLine(r)
  .map((l) => `<p>${esc(l)}</p>`)
  .join("")}
${skipWarnings(r)
  .map((w) => `<p class="bad">${esc(w)}</p>`)
  .join("\n")}
<table><tr><th>phase</th><th class="num">passed</th><th class="num">failed</th><th class="num">skipped</th></tr>
<tr><td>corpus</td><td class="num">${f.corpus.passed}</td><td class="num">${f.corpus.failed}</td><td class="num">${f.corpus.skipped}</td></tr>
<tr><td>generated scenarios</td><td class="num">${f.generated.agreed}</td><td class="num">${f.generated.diverged}</td><td class="num">${f.generated.skipped}</td></tr>
<tr><td>invariants</td><td class="num">${f.invariants.reduce((n, i) => n + i.checked - i.violated, 0)}</td><td class="num">${f.invariants.reduce((n, i) => n + i.violated, 0)}</td><td class="num">${f.invariants.reduce((n, i) => n + i.inconclusive, 0)}</td></tr></table>
<h2>Causes of divergence</h2>${r.buckets.length === 0 ? (v.kind === "nothingTested" ? `<p class="bad">${esc(v.text)}.</p>` : "<p class=ok>Every decision agrees.</p>") : r.buckets.map(bucketHtml).join("\n")}
${r.expectedFailures.noLongerFailing.map((e) => `<p class="bad">Expected failure no longer failing: ${esc(e)}</p>`).join("")}
${v.kind === "nothingTested" ? "" : `${invariantsHtml(r)}\n${skipsHtml(r)}\n${profileHtml(r)}`}
<h2>Clause coverage</h2><p>How many of the model's decisions in this run went through each clause.</p>
${coverageHtml(f.clauseCoverage)}
</body></html>
`;
}

function bucketHtml(b: Bucket): string {
  const e = b.example;
  const subjects = subjectsYaml(b);
  const body = b.family
    ? `<p>${esc(b.family.explanation)}</p><table><tr><th class="num">count</th>${
        b.family.name === "rejectsValid"
          ? "<th>what the implementation objected to</th>"
          : "<th>validation rule</th><th>what kube-apiserver does</th>"
      }</tr>${b.family.rows
        .map(
          (row) =>
            `<tr><td class="num">${row.count}</td><td><code>${esc(row.clause)}</code></td>${row.title ? `<td>${esc(row.title)}</td>` : ""}</tr>`,
        )
        .join("")}</table>`
    : e.variant && subjects
      ? `<p>Relation: ${esc(e.variant.relation)}</p><div class="pair"><div><b>base</b>: ${esc(formatAnswer(e.actual))}<pre>${esc(subjects[0])}</pre></div><div><b>variant</b>: ${esc(formatAnswer(e.variant.actual))}<pre>${esc(subjects[1])}</pre></div></div>`
      : `<div class="pair"><div><b>kube-apiserver (reference model)</b><br>${esc(formatReference(e.expected))}</div><div><b>implementation</b><br>${esc(formatAnswer(e.actual))}</div></div>`;
  const corpus = b.evidence?.corpus ?? [];
  const evidence = [
    ...(corpus.length
      ? [
          `<p>Corpus tests that fail for this cause:</p><ul>${corpus
            .slice(0, 5)
            .map(
              (c) =>
                `<li><code>${esc(c.file.replace(/^.*\/suites\//, "suites/"))}</code>: ${esc(c.case)} / ${esc(c.test)}</li>`,
            )
            .join("")}${corpus.length > 5 ? `<li>and ${corpus.length - 5} more (report.json)</li>` : ""}</ul>`,
        ]
      : []),
    ...(b.evidence?.invariants.length ? [`<p>Invariants violated: ${esc(b.evidence.invariants.join(", "))}</p>`] : []),
  ];
  const summary = `<pre class="summary">${esc(caseSummary(e.query).join("\n"))}</pre>`;
  return `<div class="bucket${b.expectedFailure ? " expected" : ""}"><div class="title">${esc(b.title)}</div>
<p><span class="sig">${esc(b.signature)}</span> · ${b.count} × (${esc(seenIn(b))})${b.expectedFailure ? ` · expected: ${esc(b.expectedFailure.reason)}` : ""}</p>
${body}
${b.source ? `<p>Upstream: <code>${esc(b.source)}</code></p>` : ""}${summary}${b.notReproducible ? `<p>No real cluster can reproduce it: ${esc(b.notReproducible)}</p>` : ""}${evidence.join("")}
<details${b.count > 0 && !b.family ? " open" : ""}><summary>${esc(reductionText(b))}</summary><pre>${esc(e.caseFile)}</pre></details>
${e.clauses.length ? `<details><summary>the model's clauses</summary><p>${e.clauses.map((c) => `<code>${esc(c)}</code>`).join(" ")}</p></details>` : ""}</div>`;
}

function invariantsHtml(r: RunReport): string {
  const never = new Set(neverChecked(r));
  const rows = r.footer.invariants.map(
    (i) =>
      `<tr><td><code>${esc(i.name)}</code></td><td class="num">${i.checked}</td><td class="num${i.violated > 0 ? " zero" : ""}">${i.violated}</td><td class="num">${i.inconclusive}</td><td>${never.has(i.name) ? '<span class="bad">never checked</span>' : ""}</td></tr>`,
  );
  return `<h2>Invariants</h2><table><tr><th>invariant</th><th class="num">checked</th><th class="num">violated</th><th class="num">inconclusive</th><th></th></tr>${rows.join("")}</table>`;
}

function skipsHtml(r: RunReport): string {
  const sections = skipSections(r);
  const rows = sections.flatMap(({ phase, skips }) =>
    skips.reasons.map(
      (x) => `<tr><td>${esc(phase)}</td><td class="num">${x.count}</td><td>${esc(reasonText(x))}</td></tr>`,
    ),
  );
  if (rows.length === 0) return "";
  return `<h2>Skipped</h2><table><tr><th>phase</th><th class="num">count</th><th>reason</th></tr>${rows.join("")}</table>`;
}

function profileHtml(r: RunReport): string {
  const rows = profileRows(r.header.capabilities, r.header.kubernetesVersions, r.header.subjects).map(
    (x) =>
      `<tr><td>${x.area}</td><td><code>${esc(x.name)}</code></td><td>${esc(x.full)}</td><td class="${x.supported ? "ok" : "bad"}">${esc(x.claimed)}</td><td>${esc(x.note ?? "")}</td></tr>`,
  );
  return `<h2>Profile</h2><p>What the implementation claims next to the full profile; nothing outside the claim is generated or sent.</p>
<table><tr><th></th><th></th><th>full</th><th>claimed</th><th></th></tr>${rows.join("")}</table>`;
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
