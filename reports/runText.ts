// The plain summary of a run, and live progress on a terminal.

import { join } from "node:path";
import { isFull } from "../oracles/contract/capabilities.ts";
import { neverChecked } from "./bucketText.ts";
import type { Cause } from "./causeModel.ts";
import type { Painter, Style } from "./colour.ts";
import { plain } from "./colour.ts";
import { oneLine } from "./escape.ts";
import { profileRows } from "./profile.ts";
import type { ReportModel } from "./reportModel.ts";
import { reportModel } from "./reportModel.ts";
import type { RunReport } from "./runReport.ts";
import { versionsText } from "./verdict.ts";

export function summary(r: RunReport, reportDir?: string, paint: Painter = plain): string {
  const m = reportModel(r);
  const f = r.footer;
  const lines = [
    `matchconform ${r.header.matchconform}: ${m.name} ${m.version} at ${versionsText(r)}, seed ${r.header.seed}`,
    `corpus: ${f.corpus.passed} passed, ${f.corpus.failed} failed, ${f.corpus.skipped} skipped`,
    `generated: ${f.generated.scenarios} scenarios, ${f.generated.diverged} diverged, ${f.generated.skipped} skipped${f.generated.timeToFirstDivergenceMs === null ? "" : `, first divergence after ${f.generated.timeToFirstDivergenceMs} ms`}`,
    invariantsLine(r),
    ...m.notSent,
    ...m.warnings,
    "",
  ];
  // The lines a painter colours, by index: the text is escaped before any colour is added.
  const styles = new Map<number, Style>();
  const push = (style: Style | undefined, ...more: string[]) => {
    if (style !== undefined) for (let i = 0; i < more.length; i++) styles.set(lines.length + i, style);
    lines.push(...more);
  };
  const open = m.causes.filter((c) => !c.expectedFailure);
  const known = m.causes.filter((c) => c.expectedFailure);
  const v = m.verdict;
  push(verdictStyle[v.kind], v.kind === "causes" ? `${v.text}:` : `${v.text}.`);
  for (const c of open) {
    const [title, ...rest] = causeLines(c, reportDir === undefined ? c.bundle : join(reportDir, c.bundle));
    push("fail", title ?? "");
    lines.push(...rest);
  }
  if (known.length > 0) push("known", "", `${known.length} expected failure${known.length === 1 ? "" : "s"}:`);
  for (const c of known)
    push("known", `  ${String(c.count).padStart(5)} × ${c.signature} — ${c.expectedFailure?.reason}`);
  for (const e of m.noLongerFailing) push("known", `  no longer failing, remove it: ${e}`);
  lines.push(...unrealText(m));
  const failed = f.corpus.failed + f.generated.diverged + f.invariants.reduce((n, i) => n + i.violated, 0);
  const passed = f.corpus.passed + f.generated.agreed + f.invariants.reduce((n, i) => n + i.checked - i.violated, 0);
  lines.push(...skipsText(m), ...profileText(r), "");
  push(failed > 0 ? "fail" : "pass", `${passed} passed, ${failed} failed`);
  for (const note of m.notes) lines.push(note.text, ...(note.lines ?? []).map((l) => `    ${JSON.stringify(l)}`));
  // What the implementation said must not drive the terminal: no escape sequence gets through. Nor
  // may it start a line: its own "\n::error::…" was a workflow command in a CI log (GitHub trims
  // the indent before it looks) and "\n# …" a heading of its own.
  return lines.map((l, i) => paintLine(paint, styles.get(i), oneLine(l))).join("\n");
}

const verdictStyle: Record<ReportModel["verdict"]["kind"], Style> = {
  causes: "fail",
  noDivergence: "pass",
  incomplete: "known",
  nothingTested: "known",
  inconsistent: "fail",
};

function paintLine(paint: Painter, style: Style | undefined, line: string): string {
  return style === undefined
    ? line
    : line
        .split("\n")
        .map((l) => paint(style, l))
        .join("\n");
}

/** Causes on inputs no real cluster produces: apart, after the causes, not counted. */
function unrealText(m: ReportModel): string[] {
  if (m.unreal.length === 0) return [];
  const n = m.unreal.length;
  return [
    "",
    `${n} cause${n === 1 ? "" : "s"} on inputs no real cluster produces (not counted or ranked; not failing the run on their own):`,
    ...m.unreal.flatMap((c) => [
      `  ${String(c.count).padStart(5)} × ${c.title}`,
      `          ${c.signature}`,
      `          why no real cluster produces it: ${c.notReproducible ?? ""}`,
    ]),
  ];
}

/** "invariants: 1 of 21 violated (3 never checked: a, b, c)" */
function invariantsLine(r: RunReport): string {
  const f = r.footer;
  const never = neverChecked(r);
  const violated = f.invariants.filter((i) => i.violated > 0).length;
  return `invariants: ${violated} of ${f.invariants.length} violated${never.length > 0 ? ` (${never.length} never checked: ${never.join(", ")})` : ""}`;
}

function skipsText(m: ReportModel): string[] {
  return m.skips.flatMap(({ phase, skipped, total, reasons }) => [
    "",
    `${phase}: ${skipped} of ${total} not decided`,
    ...reasons.map((x) => `  ${String(x.count).padStart(5)} × ${x.text}`),
  ]);
}

function causeLines(c: Cause, bundle: string): string[] {
  const lines = [
    `  ${String(c.count).padStart(5)} × ${c.title}`,
    `          ${c.signature}  [${c.seenIn}]`,
    `          impact: ${c.impact}`,
  ];
  const b = c.body;
  switch (b.kind) {
    case "family":
      for (const row of b.rows)
        lines.push(`          ${String(row.count).padStart(5)} × ${row.clause}${row.title ? `: ${row.title}` : ""}`);
      break;
    case "pair":
      lines.push(
        `          relation: ${b.relation}`,
        `          base:     ${b.base.answer}   subject ${b.base.subjectJson}`,
        `          variant:  ${b.variant.answer}   subject ${b.variant.subjectJson}`,
      );
      break;
    case "reference":
      lines.push(`          kube-apiserver: ${b.expected}`, `          implementation: ${b.actual}`);
      break;
  }
  if (c.source) lines.push(`          upstream: ${c.source}`);
  lines.push(`          ${c.reduction} (${bundle}case.yaml):`);
  lines.push(...c.summary.map((l) => `            ${l}`));
  if (c.notReproducible) lines.push(`          ${c.notReproducibleLead}: ${c.notReproducible}`);
  return lines;
}

/**
 * What the implementation does not claim of the full profile, when it claims less: on a terminal
 * only the rows it lacks (report.md and report.html show the whole table).
 */
function profileText(r: RunReport): string[] {
  if (isFull(r.header.capabilities)) return [];
  const rows = profileRows(r.header.capabilities, r.header.kubernetesVersions, r.header.subjects).filter(
    (x) => !x.supported,
  );
  if (rows.length === 0) return [];
  const width = Math.max(...rows.map((x) => `${x.area} ${x.name}`.length));
  return [
    "",
    "Not claimed of the full profile (report.md has the whole table):",
    ...rows.map((x) => `  ${`${x.area} ${x.name}`.padEnd(width)}  ${x.claimed}`),
  ];
}
