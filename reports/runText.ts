// The plain summary of a run, and live progress on a terminal.

import { isFull } from "../oracles/contract/capabilities.ts";
import { bucketLines, neverChecked } from "./bucketText.ts";
import { notSentLine, profileRows, reasonText, skipSections, skipWarnings } from "./profile.ts";
import type { Progress } from "./progress.ts";
import { runNotes } from "./runNotes.ts";
import type { RunReport } from "./runReport.ts";
import { verdict, versionsText } from "./verdict.ts";
import { bundleFolder } from "./writeReports.ts";

export function summary(r: RunReport): string {
  const f = r.footer;
  const lines = [
    `matchconform ${r.header.matchconform}: ${r.header.implementation.name} ${r.header.implementation.version} at ${versionsText(r)}, seed ${r.header.seed}`,
    `corpus: ${f.corpus.passed} passed, ${f.corpus.failed} failed, ${f.corpus.skipped} skipped`,
    `generated: ${f.generated.scenarios} scenarios, ${f.generated.diverged} diverged, ${f.generated.skipped} skipped${f.generated.timeToFirstDivergenceMs === null ? "" : `, first divergence after ${f.generated.timeToFirstDivergenceMs} ms`}`,
    invariantsLine(r),
    ...notSentLine(r),
    ...skipWarnings(r),
    "",
  ];
  const open = r.buckets.filter((b) => !b.expectedFailure);
  const known = r.buckets.filter((b) => b.expectedFailure);
  const v = verdict(r);
  lines.push(v.kind === "causes" ? `${v.text}:` : `${v.text}.`);
  for (const b of open) lines.push(...bucketLines(b, `bundles/${bundleFolder(r.buckets.indexOf(b), b)}/case.yaml`));
  if (known.length > 0) lines.push("", `${known.length} expected failure${known.length === 1 ? "" : "s"}:`);
  for (const b of known) lines.push(`  ${String(b.count).padStart(5)} × ${b.signature} — ${b.expectedFailure?.reason}`);
  for (const e of r.expectedFailures.noLongerFailing) lines.push(`  no longer failing, remove it: ${e}`);
  const failed = f.corpus.failed + f.generated.diverged + f.invariants.reduce((n, i) => n + i.violated, 0);
  const passed = f.corpus.passed + f.generated.agreed + f.invariants.reduce((n, i) => n + i.checked - i.violated, 0);
  lines.push(...skipsText(r), ...profileText(r));
  lines.push("", `${passed} passed, ${failed} failed`);
  for (const note of runNotes(r)) lines.push(note.text, ...(note.lines ?? []).map((l) => `    ${JSON.stringify(l)}`));
  return lines.join("\n");
}

/** "invariants: 1 of 21 violated (3 never checked: a, b, c)" */
function invariantsLine(r: RunReport): string {
  const f = r.footer;
  const never = neverChecked(r);
  const violated = f.invariants.filter((i) => i.violated > 0).length;
  return `invariants: ${violated} of ${f.invariants.length} violated${never.length > 0 ? ` (${never.length} never checked: ${never.join(", ")})` : ""}`;
}

function skipsText(r: RunReport): string[] {
  return skipSections(r).flatMap(({ phase, skips }) => [
    "",
    `${phase}: ${skips.skipped} of ${skips.total} not decided`,
    ...skips.reasons.map((x) => `  ${String(x.count).padStart(5)} × ${reasonText(x)}`),
  ]);
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

/**
 * Progress on a terminal (one rewritten line: phase, done, failing, and the time left of the run's
 * limit, given as its deadline in performance.now() time), or nothing when output is not a terminal.
 */
export function terminalProgress(stream: NodeJS.WriteStream, deadline?: number): Progress & { done(): void } {
  const tty = stream.isTTY === true;
  let name = "";
  let total = 0;
  let last = 0;
  return {
    phase(n, t) {
      name = n;
      total = t;
    },
    tick(done, failures) {
      const now = performance.now();
      if (!tty || now - last < 100) return;
      last = now;
      const left = deadline === undefined ? "" : `, ${Math.max(0, Math.round((deadline - now) / 1000))} s left`;
      const of = Number.isFinite(total) && total < Number.MAX_SAFE_INTEGER ? `/${total}` : "";
      stream.write(`\r\x1b[2K${name}: ${done}${of}, ${failures} failing${left}`);
    },
    done() {
      if (tty) stream.write("\r\x1b[2K");
    },
  };
}
