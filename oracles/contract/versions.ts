/** Kubernetes minors covered by case format v1 (docs/case-format.md, A case: kubernetesVersions). */
export const supportedMinors = ["1.30", "1.31", "1.32", "1.33", "1.34", "1.35", "1.36", "1.37"] as const;

export type Minor = (typeof supportedMinors)[number];

export const latestMinor: Minor = "1.37";

export function isMinor(value: string): value is Minor {
  return (supportedMinors as readonly string[]).includes(value);
}

/** The minor number of "1.N" (30 for "1.30"). */
export function minorNumber(minor: Minor): number {
  return Number(minor.slice(2));
}

export function atLeast(minor: Minor, threshold: number): boolean {
  return minorNumber(minor) >= threshold;
}

export type RangeResult =
  | { readonly ok: true; readonly minors: readonly Minor[] }
  | { readonly ok: false; readonly error: string };

const comparator = /^(>=|<=|>|<|=)?\s*1\.(\d+)$/;
const hyphen = /^1\.(\d+)\s+-\s+1\.(\d+)$/;

/**
 * Parses a range over minors in the subset of semver range syntax that case files use:
 * `1.34`, `>=1.32`, `<1.35`, `>=1.30 <1.34` (AND of space-separated comparators),
 * `1.30 - 1.33` (inclusive), and `||` between alternatives.
 */
export function minorsInRange(range: string): RangeResult {
  const selected = new Set<Minor>();
  for (const alternative of range.split("||").map((s) => s.trim())) {
    const test = parseAlternative(alternative);
    if (typeof test === "string") return { ok: false, error: `${test} in range "${range}"` };
    for (const m of supportedMinors) if (test(minorNumber(m))) selected.add(m);
  }
  return { ok: true, minors: supportedMinors.filter((m) => selected.has(m)) };
}

function parseAlternative(alternative: string): ((n: number) => boolean) | string {
  const span = hyphen.exec(alternative);
  if (span) {
    const [lo, hi] = [Number(span[1]), Number(span[2])];
    return (n) => n >= lo && n <= hi;
  }
  const parts = alternative.split(/\s+/).filter((p) => p !== "");
  if (parts.length === 0) return "empty alternative";
  const tests: ((n: number) => boolean)[] = [];
  for (const part of parts) {
    const m = comparator.exec(part);
    if (!m) return `"${part}" is not a comparison with a minor such as ">=1.32"`;
    const v = Number(m[2]);
    const op = m[1] ?? "=";
    tests.push(compare(op, v));
  }
  return (n) => tests.every((t) => t(n));
}

function compare(op: string, v: number): (n: number) => boolean {
  switch (op) {
    case ">=":
      return (n) => n >= v;
    case "<=":
      return (n) => n <= v;
    case ">":
      return (n) => n > v;
    case "<":
      return (n) => n < v;
    default:
      return (n) => n === v;
  }
}
