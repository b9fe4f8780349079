// `matchconform replay <files or folders...> [--kubernetes-version 1.37]`
import { isMinor, supportedMinors } from "../oracles/model/versions.ts";
import { closingLine, formatFailures } from "../reports/replayText.ts";
import { CaseFileError } from "../suites/format/caseFileError.ts";
import { collectCaseFiles } from "../suites/format/collectCaseFiles.ts";
import type { LoadedCase } from "../suites/format/loadCaseFile.ts";
import { loadCaseFile } from "../suites/format/loadCaseFile.ts";
import { replayWithModel } from "../suites/replay/replayCases.ts";
import { UsageError } from "./usageError.ts";

export interface ReplayOptions {
  readonly paths: readonly string[];
  readonly kubernetesVersion?: string;
}

export function replay(options: ReplayOptions, out: (line: string) => void): number {
  if (options.paths.length === 0) throw new UsageError("replay needs at least one case file or folder");
  const only = options.kubernetesVersion;
  if (only !== undefined && !isMinor(only)) {
    throw new UsageError(`--kubernetes-version ${only} is not one of ${supportedMinors.join(", ")}`);
  }
  const cases = loadAll(options.paths);
  const results = replayWithModel(cases, only);
  for (const block of formatFailures(results)) out(`${block}\n`);
  out(closingLine(results));
  return results.every((r) => r.passed) ? 0 : 1;
}

/** Loads every file, reporting every bad one, so that one run shows all the problems. */
function loadAll(paths: readonly string[]): LoadedCase[] {
  const files = collectCaseFiles(paths);
  const problems: CaseFileError[] = [];
  const cases = files.flatMap((f) => {
    try {
      return loadCaseFile(f);
    } catch (e) {
      if (!(e instanceof CaseFileError)) throw e;
      problems.push(e);
      return [];
    }
  });
  if (problems.length > 0) throw new AggregateError(problems, problems.map((p) => p.message).join("\n"));
  return cases;
}
