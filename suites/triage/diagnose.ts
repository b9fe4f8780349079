// From failures to the list of bugs: every group's first example is reduced, then the others while
// the time lasts; each reduced case is keyed by what it still needs (bucketKey.ts), and groups whose
// examples reduce alike become one bucket, whatever phase they came from. Validation divergences,
// one cause across many rules, become one family entry with a table of the rules.

import type { Query } from "../../oracles/contract/query.ts";
import type { Minor } from "../../oracles/contract/versions.ts";
import type { ClauseName } from "../../oracles/model/clauses.ts";
import { clauses } from "../../oracles/model/clauses.ts";
import type { Bucket, FamilyRow, Impact, Phase } from "../../reports/runReport.ts";
import { sourceOf, titleOf } from "./bucketKey.ts";
import { families } from "./diagnosis.ts";
import type { Failure, FailureGroup, FailureLog } from "./failureLog.ts";
import type { MixResult } from "./impact.ts";
import { askMix, byImpact, impactOf } from "./impact.ts";
import { inParallel } from "./inParallel.ts";
import { realismOrder, whyUnreal } from "./realism.ts";
import type { ReducedFailure } from "./reducedFailure.ts";
import { reduceFailure } from "./reduceFailure.ts";
import type { TriageContext } from "./triageContext.ts";
import { unmasked } from "./unmask.ts";

interface Reduced {
  readonly group: FailureGroup;
  readonly result: ReducedFailure;
  /** The group's place in the diagnosis and the example's in the group: the order merged in. */
  readonly at: readonly [number, number];
  /** Another cause found in an example already counted (unmask.ts): it counts once, outside the group's shares. */
  readonly extra?: boolean;
}

/** Reductions in flight at once: each waits on the implementation, one call at a time. */
const width = 8;

/**
 * The buckets of the failures logged, reductions stopping at `deadline` (performance.now()).
 * `ceiling` (work pacing, suites/run/options.ts): the deadline only guards against a hang, so the
 * realistic mix is not cut short a tenth before it; every round of examples is reduced.
 */
export async function diagnose(
  ctx: TriageContext,
  log: FailureLog,
  deadline: number,
  reduce = true,
  mix: readonly Query[] = [],
  ceiling = false,
): Promise<Bucket[]> {
  // The corpus's groups first: their cases are written in a real cluster's terms, so when the time
  // runs short it is they that are reduced, and each group's reproducible examples before the others.
  const groups = [...log.groups].sort((a, b) => Number(a.phase !== "corpus") - Number(b.phase !== "corpus"));
  const examples = new Map(groups.map((g) => [g, realFirst(ctx, g.examples)]));
  const reduced: Reduced[] = [];
  const reduceOne = async (group: FailureGroup, i: number) => {
    const f = examples.get(group)?.[i];
    if (f === undefined) return;
    // A reduction that breaks (a bug of ours, such as a move that cannot read a manifest's null)
    // leaves its failure unreduced with the error, and the run and its reports go on.
    const result = await reduceFailure(ctx, f, deadline, reduce).catch((e: unknown) =>
      reduceFailure(ctx, f, deadline, false, `the reduction failed: ${e instanceof Error ? e.message : String(e)}`),
    );
    reduced.push({ group, result, at: [groups.indexOf(group), i] });
  };
  await inParallel(groups, width, (g) => reduceOne(g, 0));
  // The realistic mix ranks the causes (impact.ts). It is asked once every group has its first
  // reduction: asked beside them, its queries queued before theirs at an implementation that
  // answers one at a time, and a slow one (Kyverno's offline path) had none reduced by the
  // deadline. It ends before the deadline, so waiting for it never costs the reductions made.
  const mixed = await askMix(ctx, mix, ceiling ? deadline : mixDeadline(deadline));
  // More examples of each group, round by round, to see whether one raw group hides two causes.
  for (let round = 1; reduce && round < 6 && performance.now() < deadline; round++) {
    const next = groups.filter((g) => g.examples.length > round);
    await inParallel(next, width, async (g) => {
      if (performance.now() < deadline) await reduceOne(g, round);
    });
  }
  // A cause whose trigger can be taken out of its raw examples may hide another bug (unmask.ts).
  if (reduce) await unmaskAll(ctx, reduced, examples, deadline);
  // Merged in the groups' and examples' order, not the order the reductions ended in (which moves
  // with the machine's load): the example a cause shows and its count's shares follow from it.
  reduced.sort((a, b) => a.at[0] - b.at[0] || a.at[1] - b.at[1]);
  return byImpact(merge(reduced, (a, b) => realismOrder(ctx, a, b), mixed));
}

/**
 * Each reduced example whose cause has a trigger, asked again without it (unmask.ts). Another cause
 * found there takes the example's place when the example never held the trigger; else it joins the
 * group's examples, after them, counted once: the example diverges for both causes.
 */
async function unmaskAll(
  ctx: TriageContext,
  reduced: Reduced[],
  examples: ReadonlyMap<FailureGroup, readonly Failure[]>,
  deadline: number,
): Promise<void> {
  const found: Reduced[] = [];
  await inParallel([...reduced], width, async (r) => {
    const f = examples.get(r.group)?.[r.at[1]];
    const again = f === undefined ? undefined : await unmasked(ctx, f, r.result, deadline);
    if (again === undefined) return;
    if (again.alone) reduced[reduced.indexOf(r)] = { ...r, result: again.result };
    else found.push({ group: r.group, result: again.result, at: [r.at[0], unmaskedAt + r.at[1]], extra: true });
  });
  reduced.push(...found);
}

/** Where an unmasked example stands in its group: after every example the group kept. */
const unmaskedAt = 100;

/** A tenth of the time left, and at least a second, before the run's deadline. */
function mixDeadline(deadline: number): number {
  if (!Number.isFinite(deadline)) return deadline;
  return deadline - Math.max(1000, (deadline - performance.now()) / 10);
}

/** A group's examples, those a real cluster can be asked first (the order is otherwise kept). */
function realFirst(ctx: TriageContext, examples: readonly Failure[]): Failure[] {
  const unreal = examples.map((f) => (whyUnreal(ctx, f.query) === undefined ? 0 : 1));
  return examples
    .map((f, i) => ({ f, i }))
    .sort((a, b) => (unreal[a.i] ?? 0) - (unreal[b.i] ?? 0) || a.i - b.i)
    .map((x) => x.f);
}

interface Accumulator {
  /** The example shown: the most realistic of the cause's reduced examples, the smallest among equals. */
  first: ReducedFailure;
  count: number;
  readonly phases: Record<Phase, number>;
  readonly minors: Set<Minor>;
  readonly corpus: { file: string; case: string; test: string }[];
  readonly invariants: Set<string>;
  readonly rows: Map<string, { row: ReducedFailure; count: number; minors: Set<Minor> }>;
  readonly rawSignatures: Set<string>;
}

/** Causes from reduced examples; `better` picks each cause's example (realism.ts). */
function merge(
  reduced: readonly Reduced[],
  better: (a: ReducedFailure, b: ReducedFailure) => number,
  mix: MixResult | undefined,
): Bucket[] {
  const byKey = new Map<string, Accumulator>();
  const perGroup = new Map<FailureGroup, Reduced[]>();
  for (const r of reduced) perGroup.set(r.group, [...(perGroup.get(r.group) ?? []), r]);
  for (const [group, rs] of perGroup) {
    // A group's count is shared among the keys its reduced examples landed in, in proportion.
    const shares = share(group.count, rs.filter((r) => !r.extra).length);
    rs.forEach(({ result, extra }, i) => {
      const key = result.diagnosis.key;
      let acc = byKey.get(key);
      if (acc === undefined) {
        acc = {
          first: result,
          count: 0,
          phases: { corpus: 0, generated: 0, invariant: 0 },
          minors: new Set(),
          corpus: [],
          invariants: new Set(),
          rows: new Map(),
          rawSignatures: new Set(),
        };
        byKey.set(key, acc);
      } else if (better(result, acc.first) < 0) acc.first = result;
      const n = extra ? 1 : (shares[i] ?? 0);
      acc.count += n;
      acc.phases[group.phase] += n;
      for (const m of group.minors) acc.minors.add(m);
      acc.rawSignatures.add(group.rawSignature);
      const c = result.example.corpus;
      if (
        c &&
        acc.corpus.length < 20 &&
        !acc.corpus.some((x) => x.file === c.file && x.case === c.case && x.test === c.test)
      )
        acc.corpus.push({ file: c.file, case: c.case, test: c.test });
      if (result.invariant) acc.invariants.add(result.invariant);
      if (result.diagnosis.family) {
        const rowKey = familyRow(result);
        const row = acc.rows.get(rowKey) ?? { row: result, count: 0, minors: new Set<Minor>() };
        row.count += n;
        for (const m of group.minors) row.minors.add(m);
        acc.rows.set(rowKey, row);
      }
    });
  }
  return [...byKey.values()].map((acc) => toBucket(acc, mix && impactOf(acc.rawSignatures, mix)));
}

/**
 * A family's row: for manifests kube-apiserver rejects, the validation rule the model applied; for
 * manifests it accepts, what the implementation objected to (its message without indexes and values).
 */
function familyRow(r: ReducedFailure): string {
  if (r.diagnosis.family === "acceptsInvalid") return r.diagnosis.clause;
  const a = r.example.actual;
  const message = a.answer === "outcome" && a.outcome.outcome === "invalid" ? a.outcome.message : "";
  const m = message
    .replace(/^.*? is invalid: /, "")
    .replace(/\[\d+\]/g, "[]")
    .replace(/"[^"]*"|'[^']*'/g, "…");
  const parts = m.split(": ");
  const field = parts[0]?.split(".").at(-1) ?? "";
  return parts.length > 1 ? `${field}: ${parts.at(-1)}`.slice(0, 160) : m.slice(0, 160) || "no message";
}

/** `total` split into `parts` whole shares, the remainder to the first. */
function share(total: number, parts: number): number[] {
  const base = Math.floor(total / parts);
  return Array.from({ length: parts }, (_, i) => base + (i === 0 ? total - base * parts : 0));
}

function toBucket(acc: Accumulator, impact: Impact | undefined): Bucket {
  const { diagnosis, example, reduction } = acc.first;
  const phases = (Object.keys(acc.phases) as Phase[]).filter((p) => acc.phases[p] > 0);
  const source = sourceOf(diagnosis);
  const rows: FamilyRow[] = [...acc.rows.entries()]
    .map(([clause, r]) => ({
      clause,
      title: clause in clauses ? clauses[clause as ClauseName].summary : "",
      count: r.count,
      minors: [...r.minors].sort(),
      caseFile: r.row.example.caseFile,
    }))
    .sort((a, b) => b.count - a.count);
  return {
    signature: diagnosis.key,
    title: titleOf(diagnosis),
    ...(source && { source }),
    reference: diagnosis.reference ?? "model",
    clause: diagnosis.clause,
    phase: phases[0] ?? example.phase,
    phases: acc.phases,
    count: acc.count,
    minors: [...acc.minors].sort(),
    example,
    reduction: {
      status: reduction.status,
      calls: reduction.calls,
      lines: example.caseFile.trimEnd().split("\n").length,
      moves: reduction.moves,
      ...(reduction.status === "unreduced" && { why: reduction.why }),
    },
    ...(diagnosis.family && {
      family: { name: diagnosis.family, explanation: families[diagnosis.family].explanation, rows },
    }),
    ...(impact && { impact }),
    ...((acc.corpus.length > 0 || acc.invariants.size > 0) && {
      evidence: { corpus: acc.corpus, invariants: [...acc.invariants].sort() },
    }),
  };
}
