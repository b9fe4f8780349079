// Issue 19's "Done means" table, measured from the built command (`npm run build` first):
//   npx tsx suites/bench/robustnessTable.ts [runs at a time, default 2] [name filter]
// Every item runs in a fresh folder; the table says its exit code against the expected ones, the
// time to end (from the signal, where one is sent), which report files are there, and what was
// left behind: processes the command started, files created or deleted outside the report folder.
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { pooled } from "../run/chaos/runFault.ts";
import type { Item } from "./robustness/items.ts";
import { allItems } from "./robustness/items.ts";
import type { Measured } from "./robustness/measure.ts";
import { measure, reportFiles } from "./robustness/measure.ts";

const built = fileURLToPath(new URL("../../dist/bin/matchconform.js", import.meta.url));
const [width = "2", filter = ""] = process.argv.slice(2);

interface Row {
  readonly item: Item;
  readonly m?: Measured;
  readonly left: readonly string[];
  readonly skipped?: string;
}

async function runItem(item: Item): Promise<Row> {
  const skipped = item.unavailable?.();
  if (skipped !== undefined) return { item, left: [], skipped };
  const work = mkdtempSync(join(tmpdir(), "matchconform-robustness-"));
  try {
    const m = await measure([process.execPath, built], item.prepare(work));
    return { item, m, left: [...m.processes, ...m.files, ...(item.after?.(work) ?? [])] };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function line(r: Row): string {
  const { item, m } = r;
  if (m === undefined)
    return `| ${item.group} | ${item.name} | — | ${item.expected.join(" or ")} | — | — | not run: ${r.skipped} |`;
  const ok = item.expected.includes(m.exitCode ?? -1) && r.left.length === 0 ? "" : " ✗";
  const reports =
    m.reports === undefined
      ? "— (none expected)"
      : m.reports.length === reportFiles.length
        ? "all 5"
        : m.reports.length === 0
          ? "none"
          : m.reports.join(", ");
  const left = r.left.length === 0 ? "nothing" : r.left.map((l) => `\`${l.replace(/\|/g, "\\|")}\``).join("<br>");
  return `| ${item.group} | ${item.name} | ${m.exitCode}${ok} | ${item.expected.join(" or ")} | ${m.seconds.toFixed(1)} s${m.startUpSeconds === undefined ? "" : ` (start-up ${m.startUpSeconds.toFixed(1)} s)`} | ${reports} | ${left} |`;
}

const items = allItems.filter((i) => i.name.includes(filter));
const loadAtStart = loadavg()[0] ?? 0;
const rows = await pooled(items, Number(width), runItem);
console.log(
  `Load average at the start: ${loadAtStart.toFixed(1)} on ${availableParallelism()} cores. Time to end: from the command's start, or from the signal.\n`,
);
console.log("| group | item | exit code | expected | time to end | reports | left behind |");
console.log("|---|---|---:|---:|---:|---|---|");
for (const r of rows) console.log(line(r));
const wrong = rows.filter((r) => r.m && line(r).includes(" ✗"));
console.log(
  `\n${rows.length} items, ${wrong.length} ended wrong${wrong.length ? `: ${wrong.map((r) => r.item.name).join("; ")}` : ""}`,
);
for (const r of wrong) console.error(`--- ${r.item.name}: stderr's end\n${r.m?.stderr.slice(-800)}`);
