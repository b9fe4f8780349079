// What `run` writes besides its reports, when asked: the expected-failures file the run implies,
// and each cause's minimal case as a regression case file.
import { existsSync, renameSync, writeFileSync } from "node:fs";
import type { RunReport } from "../reports/runReport.ts";
import { saveRegressions } from "../reports/writeReports.ts";
import type { ExpectedFailure } from "../suites/triage/expectedFailures.ts";
import {
  expectedFailuresYaml,
  loadExpectedFailures,
  unrecorded,
  updatedExpectedFailures,
} from "../suites/triage/expectedFailures.ts";
import type { RunArgs } from "./runArgs.ts";

const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? "" : "s"}`;

export function writeRunFiles(
  args: RunArgs,
  final: RunReport,
  expected: readonly ExpectedFailure[],
  say: (line: string) => void,
): void {
  if (args.updateExpectedFailures) updateExpectedFailures(args.updateExpectedFailures, final, expected, say);
  if (args.saveRegressions) {
    const saved = saveRegressions(args.saveRegressions, final);
    say(`${plural(saved.length, "regression case file")} written to ${args.saveRegressions}`);
  }
}

/**
 * Writes the expected failures `final` implies, unless that list is empty and the run incomplete:
 * then it says only what the run did not reach (a cut run, a broken or inconsistent implementation),
 * and would turn a known bug into a new cause at the next run, so the file is left as it was.
 */
function updateExpectedFailures(
  file: string,
  final: RunReport,
  expected: readonly ExpectedFailure[],
  say: (line: string) => void,
): void {
  const previous = existsSync(file) ? loadExpectedFailures(file) : expected;
  const entries = updatedExpectedFailures(final, previous);
  const c = final.footer.completion;
  if (entries.length === 0 && c?.status === "incomplete") {
    say(
      `${file} not ${existsSync(file) ? "overwritten" : "written"}: the run was incomplete (${c.reason}), so an empty list of expected failures would say only what it did not reach; record from a run that ends complete`,
    );
    return;
  }
  writeFileSync(`${file}.tmp`, expectedFailuresYaml(entries));
  renameSync(`${file}.tmp`, file);
  say(`${plural(entries.length, "expected failure")} written to ${file}`);
  const left = unrecorded(final, entries);
  if (left.length > 0)
    say(
      `${plural(left.length, "cause")} not recorded: not reduced before the time ran out, so ${left.length === 1 ? "its key names" : "their keys name"} a sample, not a cause; record in --mode ci (the default) under a ceiling it does not reach (a larger --time-limit), or with --num-runs alone, to reduce every cause: ${left.map((b) => b.signature).join("; ")}`,
    );
}
