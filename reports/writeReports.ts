// Writes every report of a run into a folder; each file is written beside its final name and
// renamed into place, so an interrupted write never leaves a half report behind.
import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { badge } from "./badge.ts";
import { bundle, notReproducible } from "./bundle.ts";
import { runHtml } from "./runHtml.ts";
import { runJunit } from "./runJunit.ts";
import { runMarkdown } from "./runMarkdown.ts";
import type { Bucket, RunReport } from "./runReport.ts";

function writeAtomic(file: string, content: string): void {
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, content);
  renameSync(temp, file);
}

export function writeReports(dir: string, given: RunReport): string[] {
  mkdirSync(dir, { recursive: true });
  const report = withReproducibility(given);
  const files: [string, string][] = [
    ["report.json", `${JSON.stringify(report, null, 2)}\n`],
    ["report.md", runMarkdown(report)],
    ["report.html", runHtml(report)],
    ["junit.xml", runJunit(report)],
    ["badge.json", `${JSON.stringify(badge(report))}\n`],
  ];
  for (const [name, content] of files) writeAtomic(join(dir, name), content);
  // The bundles are this run's: those of an earlier run in the same folder would be read as its.
  rmSync(join(dir, "bundles"), { recursive: true, force: true });
  report.buckets.forEach((b, i) => {
    const folder = join(dir, "bundles", bundleFolder(i, b));
    mkdirSync(folder, { recursive: true });
    for (const [name, content] of Object.entries(bundle(b))) writeAtomic(join(folder, name), content);
  });
  return files.map(([name]) => join(dir, name));
}

/** The folder of the i-th bucket's bundle, under bundles/. */
export function bundleFolder(i: number, b: Bucket): string {
  return `${String(i + 1).padStart(2, "0")}-${slug(b.signature)}`;
}

/** Each bucket says why no real cluster can reproduce its example, where none can. */
export function withReproducibility(report: RunReport): RunReport {
  const buckets = report.buckets.map((b) => {
    const why = notReproducible(b);
    return why === undefined ? b : { ...b, notReproducible: why };
  });
  return { ...report, buckets };
}

/** Each bucket's minimal case as a regression case file that `replay` reads. */
export function saveRegressions(dir: string, report: RunReport): string[] {
  mkdirSync(dir, { recursive: true });
  return report.buckets.map((b) => {
    const file = join(dir, `${slug(b.signature)}.yaml`);
    writeAtomic(
      file,
      `# ${b.signature}: ${b.count} × in ${b.phase}, found by ${report.header.implementation.name}\n${b.example.caseFile}`,
    );
    return file;
  });
}

export function slug(s: string): string {
  return s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 80);
}
