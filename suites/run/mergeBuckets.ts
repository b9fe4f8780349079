// The causes of shard reports as one list: buckets of the same key are one cause, their counts
// summed, and the minimal case shown is the smallest any shard found, so that the merged report
// does not depend on the order the shards are given in.
import type { Minor } from "../../oracles/contract/versions.ts";
import type { Bucket, FamilyRow, Phase } from "../../reports/runReport.ts";
import { byImpact } from "../triage/impact.ts";
import { smallerFirst } from "../triage/smallestExample.ts";

const phaseOrder: readonly Phase[] = ["corpus", "generated", "invariant"];

/** Every shard's buckets, merged by key; ranked as a run ranks them (by impact, then count, then key). */
export function mergeBuckets(shards: readonly (readonly Bucket[])[]): Bucket[] {
  const byKey = new Map<string, Bucket[]>();
  for (const b of shards.flat()) byKey.set(b.signature, [...(byKey.get(b.signature) ?? []), b]);
  return byImpact([...byKey.values()].map(mergeCause));
}

function mergeCause(same: readonly Bucket[]): Bucket {
  const chosen = [...same].sort(smallerExample)[0] as Bucket;
  const phases = { corpus: 0, generated: 0, invariant: 0 };
  for (const b of same) for (const p of phaseOrder) phases[p] += b.phases[p] ?? 0;
  const expectedFailure = same.find((b) => b.expectedFailure !== undefined)?.expectedFailure;
  const evidence = mergeEvidence(same);
  // Every shard asks the same realistic mix: the widest share is the one of all the cause's failures.
  const impact = same.map((b) => b.impact).reduce((a, b) => (b && (!a || b.share > a.share) ? b : a), undefined);
  const {
    bundle: _b,
    notReproducible: _why,
    notReproducibleKind: _k,
    expectedFailure: _e,
    evidence: _ev,
    ...rest
  } = chosen;
  return {
    ...rest,
    phase: phaseOrder.find((p) => phases[p] > 0) ?? chosen.phase,
    phases,
    count: same.reduce((n, b) => n + b.count, 0),
    minors: union(same.map((b) => b.minors)),
    ...(chosen.family && {
      family: { ...chosen.family, rows: mergeRows(same.flatMap((b) => b.family?.rows ?? [])) },
    }),
    ...(evidence && { evidence }),
    ...(expectedFailure && { expectedFailure }),
    ...(impact && { impact }),
  };
}

/**
 * The order a run chooses its example by (triage/realism.ts: reproducible, then from the corpus,
 * then the smallest), whatever order the shards come in.
 */
function smallerExample(a: Bucket, b: Bucket): number {
  const unreal = (x: Bucket) => (x.notReproducible === undefined ? 0 : 1);
  const generated = (x: Bucket) => (x.example.corpus ? 0 : 1);
  const candidate = (x: Bucket) => ({ status: x.reduction.status, caseFile: x.example.caseFile });
  return unreal(a) - unreal(b) || generated(a) - generated(b) || smallerFirst(candidate(a), candidate(b));
}

/** A family's rows by rule: counts summed, the smallest case kept. */
function mergeRows(rows: readonly FamilyRow[]): FamilyRow[] {
  const byClause = new Map<string, FamilyRow[]>();
  for (const r of rows) byClause.set(r.clause, [...(byClause.get(r.clause) ?? []), r]);
  return [...byClause.values()]
    .map((same) => {
      const smallest = [...same].sort(
        (a, b) => a.caseFile.length - b.caseFile.length || compare(a.caseFile, b.caseFile),
      )[0] as FamilyRow;
      return {
        ...smallest,
        count: same.reduce((n, r) => n + r.count, 0),
        minors: union(same.map((r) => r.minors)),
      };
    })
    .sort((a, b) => b.count - a.count || compare(a.clause, b.clause));
}

/** The corpus tests (at most 20, as a run keeps) and invariants that failed for the cause, in any shard. */
function mergeEvidence(same: readonly Bucket[]): Bucket["evidence"] {
  const tests = new Map<string, { file: string; case: string; test: string }>();
  for (const b of same)
    for (const t of b.evidence?.corpus ?? []) tests.set(JSON.stringify([t.file, t.case, t.test]), { ...t });
  const invariants = [...new Set(same.flatMap((b) => b.evidence?.invariants ?? []))].sort();
  if (tests.size === 0 && invariants.length === 0) return undefined;
  const corpus = [...tests.entries()]
    .sort(([a], [b]) => compare(a, b))
    .slice(0, 20)
    .map(([, t]) => t);
  return { corpus, invariants };
}

function union(lists: readonly (readonly Minor[])[]): Minor[] {
  return [...new Set(lists.flat())].sort();
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
