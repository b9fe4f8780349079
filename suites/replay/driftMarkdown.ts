// The drift between two recordings (recordedDrift.ts) as Markdown: counts, then the changed verdicts
// and the queries only one minor recorded, each grouped by upstream cause and subject kind. Every
// text from a recording (folders, versions, descriptions, file names) is escaped.

import { formatExpected } from "../../reports/answerText.ts";
import { md, mdCode } from "../../reports/escape.ts";
import { driftCause } from "./driftCauses.ts";
import type { Drift, DriftEntry, Recording } from "./recordedDrift.ts";

export interface DriftMarkdownOptions {
  /** The rows listed per cause (the rest counted); 0 lists every one. */
  readonly maxRows?: number;
  /** The heading's level, 1 for a document of its own (default), 3 inside a README section. */
  readonly headingLevel?: number;
}

export function driftMarkdown(d: Drift, o: DriftMarkdownOptions = {}): string {
  const h = (level: number) => "#".repeat(Math.min(6, (o.headingLevel ?? 1) + level));
  const max = o.maxRows ?? 20;
  const [a, b] = [d.older, d.newer];
  const lines = [
    `${h(0)} Drift of recorded verdicts: ${md(a.version)} → ${md(b.version)}`,
    "",
    ...overview(d),
    "",
    `${h(1)} Changed verdicts`,
    "",
    ...section(
      d.changed,
      h(2),
      max,
      (e) => [mdCode(e.description), verdict(e.older), verdict(e.newer), md(e.model ?? "")],
      ["query", a.minor, b.minor, "the model decides as the server at"],
    ),
    `${h(1)} Only at ${md(a.minor)} (${md(a.version)})`,
    "",
    ...section(d.onlyOlder, h(2), max, (e) => [mdCode(e.description), verdict(e.older)], only),
    `${h(1)} Only at ${md(b.minor)} (${md(b.version)})`,
    "",
    ...section(d.onlyNewer, h(2), max, (e) => [mdCode(e.description), verdict(e.newer)], only),
  ];
  return `${lines.join("\n").trimEnd()}\n`;
}

const only = ["query", "verdict"];

function overview(d: Drift): string[] {
  const [a, b] = [d.older, d.newer];
  const both = d.same + d.changed.length;
  return [
    `${recording(a)} and ${recording(b)}.`,
    "",
    `${both} queries recorded at both minors: ${d.same} with the same verdict, **${d.changed.length} changed**; ${d.onlyOlder.length} recorded only at ${md(a.minor)}, ${d.onlyNewer.length} only at ${md(b.minor)}. A query is the same query in both when its case file and description (the hash of its subject, cluster and request) are.`,
  ];
}

const recording = (r: Recording) => `${mdCode(r.dir)} (${md(r.version)}, ${md(r.minor)}, ${r.queries} verdicts)`;

function verdict(e: DriftEntry["older"]): string {
  return e === undefined ? "" : md(formatExpected(e));
}

/** A table of counts by cause and subject kind, then each cause's queries. */
function section(
  entries: readonly DriftEntry[],
  heading: string,
  max: number,
  row: (e: DriftEntry) => readonly string[],
  head: readonly string[],
): string[] {
  if (entries.length === 0) return ["None.", ""];
  const byCause = groupBy(entries, (e) => e.cause);
  const counts = [...byCause].flatMap(([cause, list]) =>
    [...groupBy(list, (e) => e.kind)].map(([kind, l]) => [md(driftCause(cause).summary), md(kind), String(l.length)]),
  );
  const lines = [...table(["cause", "subject kind", "queries"], counts), ""];
  for (const [cause, list] of byCause) {
    const shown = max > 0 ? list.slice(0, max) : list;
    lines.push(
      `${heading} ${md(driftCause(cause).summary)}`,
      "",
      `Upstream: ${mdCode(driftCause(cause).upstream)}.`,
      "",
    );
    lines.push(
      ...table(
        ["file", ...head],
        shown.map((e) => [mdCode(e.file), ...row(e)]),
      ),
    );
    if (shown.length < list.length) lines.push("", `… and ${list.length - shown.length} more.`);
    lines.push("");
  }
  return lines;
}

/** Grouped in a stable order: by cause name, subject kind, file and description. */
function groupBy<K extends string>(entries: readonly DriftEntry[], key: (e: DriftEntry) => K): Map<K, DriftEntry[]> {
  const sorted = [...entries].sort(
    (x, y) => cmp(key(x), key(y)) || cmp(x.kind, y.kind) || cmp(x.file, y.file) || cmp(x.description, y.description),
  );
  const groups = new Map<K, DriftEntry[]>();
  for (const e of sorted) groups.set(key(e), [...(groups.get(key(e)) ?? []), e]);
  return groups;
}

const cmp = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

function table(head: readonly string[], rows: readonly (readonly string[])[]): string[] {
  return [
    `| ${head.map(md).join(" | ")} |`,
    `|${head.map(() => "---").join("|")}|`,
    ...rows.map((r) => `| ${r.join(" | ")} |`),
  ];
}
