// Loads every case file under the paths given, reporting every bad one, so that one run shows all the problems.
import { CaseFileError } from "./caseFileError.ts";
import { collectCaseFilesReporting } from "./collectCaseFiles.ts";
import type { LoadedCase } from "./loadCaseFile.ts";
import { loadCaseFile } from "./loadCaseFile.ts";

export interface LoadedCaseFiles {
  readonly cases: readonly LoadedCase[];
  /** Every file or path that could not be used, each named. */
  readonly problems: readonly CaseFileError[];
  /** Special files left alone (a FIFO, a socket), each with why. */
  readonly skipped: readonly string[];
}

/** Loads every file, reporting every bad one, so that one run shows all the problems. */
export function loadAll(paths: readonly string[]): LoadedCase[] {
  const { cases, problems } = loadEvery(paths);
  if (problems.length > 0) throw new AggregateError(problems, problems.map((p) => p.message).join("\n"));
  return [...cases];
}

/** Every good file's cases, and what was wrong with the others: a bad file does not hide a good one. */
export function loadEvery(paths: readonly string[]): LoadedCaseFiles {
  const { files, problems: found, skipped } = collectCaseFilesReporting(paths);
  const problems: CaseFileError[] = [...found];
  const cases = files.flatMap((f) => {
    try {
      return loadCaseFile(f);
    } catch (e) {
      if (!(e instanceof CaseFileError)) throw e;
      problems.push(e);
      return [];
    }
  });
  return { cases, problems, skipped };
}
