// Writes every report of a run into a folder; each file is written beside its final name and
// renamed into place, so an interrupted write never leaves a half report behind.
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { badge } from "./badge.ts";
import { boundedReport } from "./boundedReport.ts";
import { bundle, whyNotReproducibleBucket } from "./bundle.ts";
import { bundleFolder, slug } from "./causeModel.ts";
import { oneLine } from "./escape.ts";
import { reportDirProblem, writeBundles } from "./reportDir.ts";
import { runHtml } from "./runHtml.ts";
import { runJunit } from "./runJunit.ts";
import { runMarkdown } from "./runMarkdown.ts";
import type { RunReport } from "./runReport.ts";

export { bundleFolder, slug } from "./causeModel.ts";
export { reportDirProblem } from "./reportDir.ts";

function writeAtomic(file: string, content: string): void {
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, content);
  renameSync(temp, file);
}

export function writeReports(dir: string, given: RunReport): string[] {
  const problem = reportDirProblem(dir);
  if (problem !== undefined) throw new Error(problem);
  const report = reportAsWritten(given);
  const files: [string, string][] = [
    ["report.json", `${JSON.stringify(report, null, 2)}\n`],
    ["report.md", runMarkdown(report)],
    ["report.html", runHtml(report)],
    ["junit.xml", runJunit(report)],
    ["badge.json", `${JSON.stringify(badge(report))}\n`],
  ];
  for (const [name, content] of files) writeAtomic(join(dir, name), content);
  // The bundles are this run's: those of an earlier run in the same folder would be read as its.
  writeBundles(
    dir,
    report.buckets.map((b, i) => [bundleFolder(i, b), bundle(b)] as const),
    writeAtomic,
  );
  return files.map(([name]) => join(dir, name));
}

/** The report as report.json holds it: messages bounded, each bucket with its bundle and reproducibility. */
export function reportAsWritten(given: RunReport): RunReport {
  return withBundles(withReproducibility(boundedReport(given)));
}

/** Each bucket names its bundle folder, relative to the report folder. */
function withBundles(report: RunReport): RunReport {
  return { ...report, buckets: report.buckets.map((b, i) => ({ ...b, bundle: `bundles/${bundleFolder(i, b)}` })) };
}

/** Each bucket says why no real cluster can reproduce its example, where none can. */
export function withReproducibility(report: RunReport): RunReport {
  const buckets = report.buckets.map((b) => {
    const not = whyNotReproducibleBucket(b);
    return not === undefined ? b : { ...b, notReproducible: not.why, notReproducibleKind: not.kind };
  });
  return { ...report, buckets };
}

/** Each bucket's minimal case as a regression case file that `replay` reads. */
export function saveRegressions(dir: string, report: RunReport): string[] {
  mkdirSync(dir, { recursive: true });
  return report.buckets.map((b) => {
    const file = join(dir, `${slug(b.signature)}.yaml`);
    // The comment is one line whatever the name holds: a newline in it would start YAML of its own.
    const about = `${b.signature}: ${b.count} × in ${b.phase}, found by ${report.header.implementation.name}`;
    writeAtomic(file, `# ${oneLine(about)}\n${b.example.caseFile}`);
    return file;
  });
}
