// Known divergences an implementation ships with: reported apart, and reported when they stop failing.
import { readFileSync } from "node:fs";
import { load } from "js-yaml";
import type { Bucket } from "../../reports/runReport.ts";
import { CaseFileError } from "../format/caseFileError.ts";

export interface ExpectedFailure {
  /** A bucket signature, as report.json and report.md print it. */
  readonly bucket?: string;
  /** Or a corpus test: the case description, and optionally the test's. */
  readonly case?: string;
  readonly test?: string;
  readonly reason: string;
  readonly issue?: string;
}

export function loadExpectedFailures(file: string): ExpectedFailure[] {
  let data: unknown;
  try {
    data = load(readFileSync(file, "utf8"));
  } catch (e) {
    throw new CaseFileError(file, `cannot be read as YAML: ${(e as Error).message}`);
  }
  if (!Array.isArray(data)) throw new CaseFileError(file, "is not a list of expected failures");
  return data.map((raw, i) => {
    const e = raw as Partial<ExpectedFailure> | null;
    const at = { field: `[${i}]` };
    if (typeof e !== "object" || e === null) throw new CaseFileError(file, "is not a mapping", at);
    if (typeof e.reason !== "string" || e.reason === "") throw new CaseFileError(file, "needs a reason", at);
    if (typeof e.bucket !== "string" && typeof e.case !== "string")
      throw new CaseFileError(file, "names neither a bucket nor a case", at);
    return e as ExpectedFailure;
  });
}

export function describeExpected(e: ExpectedFailure): string {
  return e.bucket ?? `${e.case}${e.test ? ` / ${e.test}` : ""}`;
}

function covers(e: ExpectedFailure, b: Bucket): boolean {
  if (e.bucket !== undefined) return e.bucket === b.signature;
  const c = b.example.corpus;
  return c !== undefined && c.case === e.case && (e.test === undefined || e.test === c.test);
}

/** Marks the buckets an entry covers, and lists the entries that cover nothing any more. */
export function applyExpectedFailures(
  buckets: readonly Bucket[],
  expected: readonly ExpectedFailure[],
): { buckets: Bucket[]; stillFailing: string[]; noLongerFailing: string[] } {
  const marked = buckets.map((b) => {
    const e = expected.find((x) => covers(x, b));
    return e ? { ...b, expectedFailure: { reason: e.reason, ...(e.issue !== undefined && { issue: e.issue }) } } : b;
  });
  const used = (e: ExpectedFailure) => buckets.some((b) => covers(e, b));
  return {
    buckets: marked,
    stillFailing: [...new Set(expected.filter(used).map(describeExpected))],
    noLongerFailing: [...new Set(expected.filter((e) => !used(e)).map(describeExpected))],
  };
}
