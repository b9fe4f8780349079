// How well a run reads as the list of bugs, measured on the simple matcher's bug switches, whose
// causes are known: buckets per switch alone and in random combinations, whether a combination's
// buckets are the union of its switches', the size of the minimal cases, and whether an
// expected-failures file written from one seed holds on others. Used by a test and by the bench.
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { startChildMatcher } from "../../oracles/adapters/childMatcher.ts";
import type { RunReport } from "../../reports/runReport.ts";
import { collectCaseFiles } from "../format/collectCaseFiles.ts";
import type { LoadedCase } from "../format/loadCaseFile.ts";
import { loadCaseFile } from "../format/loadCaseFile.ts";
import type { RunBudget } from "../run/options.ts";
import { profiles } from "../run/options.ts";
import { runConformance } from "../run/run.ts";
import type { ExpectedFailure } from "../triage/expectedFailures.ts";
import { applyExpectedFailures, updatedExpectedFailures } from "../triage/expectedFailures.ts";

const root = (p: string) => fileURLToPath(new URL(`../../${p}`, import.meta.url));
const simpleMatcher = root("examples/simple-matcher/simple-matcher.mjs");

export const bugSwitches = [
  "pods-star-excludes-main",
  "star-matches-subresources",
  "object-selector-new-only",
  "omitted-matchpolicy-exact",
  "namespace-object-stored-labels",
  "cluster-scoped-uses-namespace-selector",
  "exclude-ignores-equivalent",
  "selector-error-always",
  "missing-namespace-no-match",
  "resource-names-ignore-empty",
  "no-exemptions",
  "scope-namespaced-includes-namespace",
  "empty-resource-rules-match-nothing",
  "no-binding-still-evaluated",
  "mutating-policy-handles-delete",
  "config-error-respects-warn",
  "validation-order-independent",
  "first-equivalent-by-registry",
  "exact-pass-per-rule",
  "webhook-ignore-swallows-errors",
  "no-namespace-object-lookup",
] as const;

let corpus: LoadedCase[] | undefined;
const cases = () => {
  corpus ??= collectCaseFiles([root("suites/cases")]).flatMap(loadCaseFile);
  return corpus;
};

/** One run of the simple matcher with these bugs switched on. */
export function runBugs(
  bugs: readonly string[],
  seed: number,
  budget: RunBudget = profiles.default,
  expected: readonly ExpectedFailure[] = [],
): Promise<RunReport> {
  return runCommand(`node ${simpleMatcher}${bugs.length ? ` --bug ${bugs.join(",")}` : ""}`, seed, budget, expected);
}

/** One default run of the implementation the command starts, at Kubernetes 1.37. */
export async function runCommand(
  command: string,
  seed: number,
  budget: RunBudget = profiles.default,
  expected: readonly ExpectedFailure[] = [],
): Promise<RunReport> {
  const matcher = await startChildMatcher(command);
  try {
    return await runConformance({
      matcher,
      options: { budget, seed, minors: ["1.37"], caseFiles: [] },
      cases: cases(),
      expected,
      progress: { phase() {}, tick() {} },
      header: { matchconform: "diagnosis-quality", profile: "default", options: {}, replay: "" },
    });
  } finally {
    await matcher.close();
  }
}

export interface SingleResult {
  readonly bug: string;
  readonly keys: readonly string[];
  readonly durationMs: number;
}

export interface ComboResult {
  readonly bugs: readonly string[];
  readonly seed: number;
  readonly keys: readonly string[];
  /** Switches none of whose own keys (from their single runs) appear among this run's buckets. */
  readonly unseen: readonly string[];
  /** Keys of this run that no single run of its switches produced. */
  readonly extra: readonly string[];
}

export interface Quality {
  readonly singles: readonly SingleResult[];
  readonly combos: readonly ComboResult[];
  /** Buckets per switch: singles, and combinations. */
  readonly bucketsPerSwitch: { readonly singles: number; readonly combos: number };
  readonly switchesWithoutBucket: number;
  readonly unionExact: number;
  readonly minimalLines: { readonly median: number; readonly max: number };
  readonly minimalShare: number;
  readonly stability: readonly { readonly bugs: readonly string[]; readonly newBuckets: readonly number[] }[];
  readonly defaultRunMs: { readonly median: number; readonly max: number };
}

export interface QualityOptions {
  readonly combos: number;
  readonly seeds: readonly number[];
  /** Implementations (combinations) whose expected-failures file is checked across the seeds. */
  readonly stabilityCombos: number;
  readonly singles?: readonly string[];
}

export async function measureDiagnosis(o: QualityOptions, log: (line: string) => void = () => {}): Promise<Quality> {
  const lines: number[] = [];
  let minimal = 0;
  let buckets = 0;
  const count = (r: RunReport) => {
    for (const b of r.buckets) {
      lines.push(b.reduction.lines);
      buckets++;
      if (b.reduction.status === "minimal") minimal++;
    }
  };
  const singles: SingleResult[] = [];
  for (const bug of o.singles ?? bugSwitches) {
    const started = performance.now();
    const r = await runBugs([bug], o.seeds[0] ?? 1);
    count(r);
    singles.push({ bug, keys: r.buckets.map((b) => b.signature), durationMs: performance.now() - started });
    log(`${bug}: ${r.buckets.length} bucket(s) ${r.buckets.map((b) => b.signature).join(" | ")}`);
  }
  const own = new Map(singles.map((s) => [s.bug, new Set(s.keys)]));
  const combos: ComboResult[] = [];
  for (const [i, bugs] of combinations(
    o.combos,
    singles.map((s) => s.bug),
  ).entries()) {
    const seed = o.seeds[i % o.seeds.length] ?? 1;
    const r = await runBugs(bugs, seed);
    count(r);
    const keys = r.buckets.map((b) => b.signature);
    const unseen = bugs.filter((b) => !keys.some((k) => own.get(b)?.has(k)));
    const known = new Set(bugs.flatMap((b) => [...(own.get(b) ?? [])]));
    const extra = keys.filter((k) => !known.has(k));
    combos.push({ bugs, seed, keys, unseen, extra });
    log(
      `${bugs.join(",")} seed ${seed}: ${keys.length} bucket(s); unseen ${unseen.join(",") || "-"}; extra ${extra.join(" | ") || "-"}`,
    );
  }
  const stability = [];
  for (const bugs of combinations(
    o.stabilityCombos,
    singles.map((s) => s.bug),
    7,
  )) {
    const [first, ...rest] = o.seeds;
    const file = updatedExpectedFailures(await runBugs(bugs, first ?? 1), []);
    const newBuckets: number[] = [];
    for (const seed of rest) {
      const r = await runBugs(bugs, seed);
      newBuckets.push(applyExpectedFailures(r.buckets, file).buckets.filter((b) => !b.expectedFailure).length);
    }
    stability.push({ bugs, newBuckets });
    log(`stability ${bugs.join(",")}: new buckets on seeds ${rest.join(",")}: ${newBuckets.join(",")}`);
  }
  const perCombo = combos.map((c) => c.keys.length / c.bugs.length);
  const durations = singles.map((s) => s.durationMs);
  return {
    singles,
    combos,
    bucketsPerSwitch: {
      singles: singles.reduce((n, s) => n + s.keys.length, 0) / Math.max(1, singles.length),
      combos: perCombo.reduce((a, b) => a + b, 0) / Math.max(1, perCombo.length),
    },
    switchesWithoutBucket: combos.reduce((n, c) => n + c.unseen.length, 0),
    unionExact: combos.filter((c) => c.extra.length === 0 && c.unseen.length === 0).length,
    minimalLines: { median: median(lines), max: Math.max(0, ...lines) },
    minimalShare: buckets === 0 ? 1 : minimal / buckets,
    stability,
    defaultRunMs: { median: median(durations), max: Math.max(0, ...durations) },
  };
}

/** `n` distinct combinations of 2 to 4 switches, the same for the same `seed`. */
export function combinations(n: number, bugs: readonly string[], seed = 20261202): string[][] {
  const arb = fc.uniqueArray(fc.constantFrom(...bugs), { minLength: 2, maxLength: 4 });
  const seen = new Set<string>();
  const out: string[][] = [];
  for (const combo of fc.sample(arb, { seed, numRuns: n * 4 })) {
    const key = [...combo].sort().join(",");
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(combo);
    if (out.length === n) break;
  }
  return out;
}

function median(xs: readonly number[]): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}
