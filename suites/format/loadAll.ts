// Loads every case file under the paths given, reporting every bad one, so that one run shows all the problems.
import { CaseFileError } from "./caseFileError.ts";
import { collectCaseFiles } from "./collectCaseFiles.ts";
import type { LoadedCase } from "./loadCaseFile.ts";
import { loadCaseFile } from "./loadCaseFile.ts";

/** Loads every file, reporting every bad one, so that one run shows all the problems. */
export function loadAll(paths: readonly string[]): LoadedCase[] {
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
