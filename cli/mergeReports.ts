// `matchconform merge-reports <dir...> --report-dir <out>`: the shard reports of one run (each
// folder's report.json, checked against the report schema: a CI artifact is input like any other)
// written as the whole run's report, in every format, with the whole run's exit code.
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { Ajv } from "ajv";
import reportSchema from "../reports/run-report.schema.json" with { type: "json" };
import type { RunReport } from "../reports/runReport.ts";
import { summary } from "../reports/runText.ts";
import { reportDirProblem, writeReports } from "../reports/writeReports.ts";
import caseSchema from "../suites/cases/case-file.schema.json" with { type: "json" };
import { mergeReports } from "../suites/run/mergeReports.ts";
import { UsageError } from "./usageError.ts";

export interface MergeArgs {
  readonly dirs: readonly string[];
  readonly reportDir?: string | undefined;
}

/** The merged run's exit code (0, 1, 2 or 3), or 2 when the reports cannot be read or are not one run's shards. */
export async function mergeReportsCommand(
  args: MergeArgs,
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<number> {
  if (args.dirs.length === 0) throw new UsageError("merge-reports needs the report folders of a run's shards");
  const dir = args.reportDir ?? join(".matchconform", "report");
  const read = args.dirs.map(readReport);
  const unreadable = read.filter((r): r is string => typeof r === "string");
  for (const why of unreadable) err(`matchconform: ${why}`);
  if (unreadable.length > 0) return 2;
  const merged = mergeReports(read as RunReport[]);
  if (!merged.ok) {
    err(`matchconform: cannot merge: ${merged.why}`);
    return 2;
  }
  const problem = reportDirProblem(dir);
  if (problem !== undefined) {
    err(`matchconform: ${problem}`);
    return 2;
  }
  writeReports(dir, merged.report);
  out(`merged: shards ${merged.report.header.merged?.shards.join(", ")} of ${merged.report.header.merged?.count}`);
  out(summary(merged.report, dir));
  out(`reports: ${join(dir, "report.html")}, report.md, report.json, junit.xml, badge.json, bundles/`);
  const c = merged.report.footer.completion;
  if (c?.status === "incomplete")
    err(
      `matchconform: ${c.cause === "timeLimit" || c.cause === "caseTimeout" ? "incomplete (exit 3): " : ""}${c.reason}`,
    );
  return merged.report.footer.exitCode;
}

let validate: ReturnType<Ajv["compile"]> | undefined;

/** The report a folder (or a report.json given as such) holds, or why it holds none. */
function readReport(path: string): RunReport | string {
  const file = existsSync(path) && statSync(path).isDirectory() ? join(path, "report.json") : path;
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, "utf8"));
  } catch (e) {
    return `${file}: ${e instanceof SyntaxError ? "is not JSON" : "cannot be read"}: ${(e as Error).message}`;
  }
  if (validate === undefined) {
    const ajv = new Ajv({ strict: false, validateFormats: false });
    ajv.addSchema(caseSchema);
    validate = ajv.compile(reportSchema);
  }
  if (validate(data)) return data as RunReport;
  const e = validate.errors?.[0];
  return `${file} is not a matchconform report: ${e?.instancePath || "the top level"} ${e?.message ?? "does not fit its schema"}`;
}
