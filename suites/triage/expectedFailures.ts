// Known divergences an implementation ships with, named at the level of their cause: a bucket's
// key, a pattern over keys, a family, or a corpus test. Reported apart, and reported when they stop
// failing. `--update-expected-failures` writes the file from a run (as WPT's update-expectations).
import { readFileSync } from "node:fs";
import { dump, load } from "js-yaml";
import type { Bucket, RunReport } from "../../reports/runReport.ts";
import { CaseFileError } from "../format/caseFileError.ts";

export interface ExpectedFailure {
  /** A bucket's key, as report.json, report.md and the terminal print it. */
  readonly bucket?: string;
  /** A pattern over bucket keys: `*` stands for any text ("exemptions · *"). */
  readonly pattern?: string;
  /** A family: acceptsInvalid (accepts what kube-apiserver rejects) or rejectsValid. */
  readonly family?: string;
  /** Or a corpus test: the case description, and optionally the test's. */
  readonly case?: string;
  readonly test?: string;
  readonly reason: string;
  readonly issue?: string;
}

const selectors = ["bucket", "pattern", "family", "case"] as const;

export function loadExpectedFailures(file: string): ExpectedFailure[] {
  let data: unknown;
  try {
    data = load(readFileSync(file, "utf8"));
  } catch (e) {
    throw new CaseFileError(file, `cannot be read as YAML: ${(e as Error).message}`);
  }
  if (data === null || data === undefined) return [];
  if (!Array.isArray(data)) throw new CaseFileError(file, "is not a list of expected failures");
  return data.map((raw, i) => {
    const e = raw as Partial<ExpectedFailure> | null;
    const at = { field: `[${i}]` };
    if (typeof e !== "object" || e === null) throw new CaseFileError(file, "is not a mapping", at);
    if (typeof e.reason !== "string" || e.reason === "") throw new CaseFileError(file, "needs a reason", at);
    const named = selectors.filter((k) => typeof e[k] === "string");
    if (named.length === 0) throw new CaseFileError(file, "names no bucket, pattern, family or case", at);
    if (named.length > 1) throw new CaseFileError(file, `names both ${named.join(" and ")}: one per entry`, at);
    return e as ExpectedFailure;
  });
}

export function describeExpected(e: ExpectedFailure): string {
  if (e.bucket !== undefined) return e.bucket;
  if (e.pattern !== undefined) return `pattern ${e.pattern}`;
  if (e.family !== undefined) return `family ${e.family}`;
  return `${e.case}${e.test ? ` / ${e.test}` : ""}`;
}

function globToRegExp(glob: string): RegExp {
  const escaped = glob.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*");
  return new RegExp(`^${escaped}$`);
}

function covers(e: ExpectedFailure, b: Bucket): boolean {
  if (e.bucket !== undefined) return e.bucket === b.signature;
  if (e.pattern !== undefined) return globToRegExp(e.pattern).test(b.signature);
  if (e.family !== undefined) return b.family?.name === e.family;
  const c = b.example.corpus;
  const tests = [...(c ? [c] : []), ...(b.evidence?.corpus ?? [])];
  return tests.some((t) => t.case === e.case && (e.test === undefined || e.test === t.test));
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

/**
 * Whether a bucket's key names its cause whatever sample led to it: a reduced bucket's key is read
 * from its minimal case, the same from every seed (issue 21: recorded at seed 7, a known bug came
 * back as new at seed 8). An unreduced one (the time ran out first) is keyed by its raw sample, which
 * another seed draws otherwise; families, invariants and an implementation's failures are keyed by
 * what they are, reduced or not.
 */
export function keyedByCause(b: Bucket): boolean {
  return b.reduction.status === "minimal" || b.family !== undefined || /^(invariant|implementation) /.test(b.signature);
}

/**
 * The expected-failures file a run implies: every entry of `previous` that still covers a bucket
 * (its reason and issue kept), and one entry per bucket left uncovered — the family for a family,
 * the bucket's key otherwise — whose reason says where it was recorded, to be replaced by a real one.
 * Buckets whose key names a sample rather than a cause (keyedByCause) are left out: an entry for
 * one would miss the same bug on any other seed, and could cover another bug that reduces to it.
 */
export function updatedExpectedFailures(report: RunReport, previous: readonly ExpectedFailure[]): ExpectedFailure[] {
  const kept = previous.filter((e) => report.buckets.some((b) => covers(e, b)));
  const added: ExpectedFailure[] = [];
  const h = report.header;
  const recorded = `recorded by --update-expected-failures from ${h.implementation.name} ${h.implementation.version}, seed ${h.seed}, ${h.startedAt.slice(0, 10)}`;
  for (const b of report.buckets.filter(keyedByCause)) {
    if ([...kept, ...added].some((e) => covers(e, b))) continue;
    const reason = `${b.title} (${recorded})`;
    added.push(b.family ? { family: b.family.name, reason } : { bucket: b.signature, reason });
  }
  return [...kept, ...added];
}

/** The buckets `entries` leave uncovered because their keys name a sample, not a cause. */
export function unrecorded(report: RunReport, entries: readonly ExpectedFailure[]): Bucket[] {
  return report.buckets.filter((b) => !keyedByCause(b) && !entries.some((e) => covers(e, b)));
}

export function expectedFailuresYaml(entries: readonly ExpectedFailure[]): string {
  const header = [
    "# Known divergences of this implementation, read by matchconform run --expected-failures.",
    "# Each entry names one cause: bucket (a key), pattern (* for any text), family, or case/test.",
    "",
  ].join("\n");
  return `${header}${entries.length === 0 ? "[]\n" : dump(entries, { lineWidth: 140, noRefs: true })}`;
}
