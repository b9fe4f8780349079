// `merge-reports`: the reports of the n shards of one run (`run --shard i/n`, same seed, minors,
// implementation and budget) as the report of the whole run: causes merged by key (mergeBuckets.ts),
// counts summed, and the run complete only when every shard was.
import type { ImplementationHealth } from "../../oracles/adapters/matcher.ts";
import { invariants as allInvariants } from "../../oracles/invariants/index.ts";
import type {
  Bucket,
  Completion,
  PhaseSkips,
  RunReport,
  Shortfall,
  SkipPhase,
  SkipReason,
} from "../../reports/runReport.ts";
import { verdict } from "../../reports/verdict.ts";
import { exitCodeOf } from "./completion.ts";
import { mergeBuckets } from "./mergeBuckets.ts";

export type Merged = { readonly ok: true; readonly report: RunReport } | { readonly ok: false; readonly why: string };

/** The shards' reports as one, or why they are not the shards of one run. */
export function mergeReports(given: readonly RunReport[]): Merged {
  const why = notOneRun(given);
  if (why !== undefined) return { ok: false, why };
  const reports = [...given].sort((a, b) => (a.header.shard?.index ?? 0) - (b.header.shard?.index ?? 0));
  const first = reports[0] as RunReport;
  const buckets = mergeBuckets(reports.map((r) => r.buckets));
  const unreal = mergeUnreal(reports);
  const failing = first.header.options.failOnUnrealInputs === true ? [...buckets, ...unreal] : buckets;
  const stillFailing = [...new Set(reports.flatMap((r) => r.expectedFailures.stillFailing))];
  const noLongerFailing = [...new Set(reports.flatMap((r) => r.expectedFailures.noLongerFailing))].filter(
    (e) => !stillFailing.includes(e),
  );
  const completion = mergeCompletion(reports);
  const report: RunReport = {
    header: mergeHeader(reports, first),
    buckets,
    ...(unreal.length > 0 && { unrealInputs: unreal }),
    expectedFailures: { stillFailing, noLongerFailing },
    // A shard that could not test (2) leaves the run untested there, whatever the others found.
    footer: {
      ...mergeFooter(reports),
      completion,
      exitCode: reports.some((r) => r.footer.exitCode === 2) ? 2 : exitCodeOf(completion, failing),
    },
  };
  return { ok: true, report: { ...report, footer: { ...report.footer, verdict: verdict(report) } } };
}

/** The causes on inputs no real cluster produces, merged as the causes are, each with its reason. */
function mergeUnreal(reports: readonly RunReport[]): Bucket[] {
  const all = reports.flatMap((r) => r.unrealInputs ?? []);
  return mergeBuckets([all]).map((b) => {
    const same = all.find((x) => x.signature === b.signature);
    const why = same?.notReproducible;
    const kind = same?.notReproducibleKind;
    return why === undefined ? b : { ...b, notReproducible: why, ...(kind && { notReproducibleKind: kind }) };
  });
}

/** Why these reports are not every shard of one run, or undefined when they are. */
function notOneRun(reports: readonly RunReport[]): string | undefined {
  const first = reports[0];
  if (first === undefined) return "no report to merge";
  const unsharded = reports.findIndex((r) => r.header.shard === undefined);
  if (unsharded >= 0) return `report ${unsharded + 1} is not a shard's (run --shard i/n writes one)`;
  const same: [string, (r: RunReport) => unknown][] = [
    ["seeds", (r) => r.header.seed],
    ["Kubernetes minors", (r) => r.header.kubernetesVersions],
    ["implementations", (r) => [r.header.implementation.name, r.header.implementation.version]],
    ["matchconform versions", (r) => r.header.matchconform],
    ["budgets", (r) => [r.header.profile, r.header.options]],
    ["shard counts", (r) => r.header.shard?.count],
  ];
  for (const [what, of] of same) {
    const values = [...new Set(reports.map((r) => JSON.stringify(of(r))))];
    if (values.length > 1)
      return `the reports are of different ${what} (${values.join(" and ")}): not one run's shards`;
  }
  const count = first.header.shard?.count ?? 1;
  const indexes = reports.map((r) => r.header.shard?.index ?? 0);
  const twice = indexes.find((i, n) => indexes.indexOf(i) !== n);
  if (twice !== undefined) return `shard ${twice}/${count} is given twice`;
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !indexes.includes(i));
  if (missing.length > 0)
    return `shard${missing.length === 1 ? "" : "s"} ${missing.map((i) => `${i}/${count}`).join(", ")} missing: the merged report would not be the run's`;
  return undefined;
}

function mergeHeader(reports: readonly RunReport[], first: RunReport): RunReport["header"] {
  const { shard, partial: _partial, ...header } = first.header;
  const partials = reports.flatMap((r) =>
    r.header.partial === undefined ? [] : [`shard ${r.header.shard?.index}/${shard?.count}: ${r.header.partial}`],
  );
  return {
    ...header,
    startedAt: reports.map((r) => r.header.startedAt).sort()[0] ?? header.startedAt,
    replay: header.replay.replace(/ --shard \d+\/\d+/, ""),
    merged: { shards: reports.map((r) => r.header.shard?.index ?? 0), count: shard?.count ?? reports.length },
    ...(header.references && {
      references: {
        ...header.references,
        decided: reports.reduce((n, r) => n + (r.header.references?.decided ?? 0), 0),
      },
    }),
    ...(partials.length > 0 && { partial: partials.join("; ") }),
  };
}

function mergeFooter(reports: readonly RunReport[]): Omit<RunReport["footer"], "completion" | "exitCode"> {
  const footers = reports.map((r) => r.footer);
  const sum = (of: (f: RunReport["footer"]) => number) => footers.reduce((n, f) => n + of(f), 0);
  const earliest = (of: (f: RunReport["footer"]) => number | null) => {
    const times = footers.map(of).filter((t): t is number => t !== null);
    return times.length === 0 ? null : Math.min(...times);
  };
  const notRun = footers.flatMap((f) => (f.notRun ? [f.notRun] : []));
  const health = footers.flatMap((f) => (f.implementationHealth ? [f.implementationHealth] : []));
  const coverage: Record<string, number> = {};
  for (const f of footers)
    for (const [clause, n] of Object.entries(f.clauseCoverage)) coverage[clause] = (coverage[clause] ?? 0) + n;
  return {
    corpus: {
      passed: sum((f) => f.corpus.passed),
      failed: sum((f) => f.corpus.failed),
      skipped: sum((f) => f.corpus.skipped),
    },
    generated: {
      scenarios: sum((f) => f.generated.scenarios),
      agreed: sum((f) => f.generated.agreed),
      diverged: sum((f) => f.generated.diverged),
      skipped: sum((f) => f.generated.skipped),
      timeToFirstDivergenceMs: earliest((f) => f.generated.timeToFirstDivergenceMs),
    },
    invariants: mergeInvariants(footers.flatMap((f) => f.invariants)),
    firstFailureMs: earliest((f) => f.firstFailureMs),
    skips: {
      corpus: mergeSkips(footers.map((f) => f.skips.corpus)),
      generated: mergeSkips(footers.map((f) => f.skips.generated)),
      invariants: mergeSkips(footers.map((f) => f.skips.invariants)),
    } satisfies Record<SkipPhase, PhaseSkips>,
    implementationFailures: sum((f) => f.implementationFailures),
    clauseCoverage: coverage,
    ...(notRun.length > 0 && {
      notRun: {
        reason: [...new Set(notRun.map((n) => n.reason))].join("; "),
        corpus: notRun.reduce((n, x) => n + x.corpus, 0),
        generated: notRun.reduce((n, x) => n + x.generated, 0),
        invariants: notRun.reduce((n, x) => n + x.invariants, 0),
        abandoned: notRun.reduce((n, x) => n + x.abandoned, 0),
      },
    }),
    ...(health.length > 0 && { implementationHealth: mergeHealth(health) }),
    // The shards ran side by side: the run took as long as its longest shard.
    durationMs: Math.max(...footers.map((f) => f.durationMs)),
    startUpMs: Math.max(...footers.map((f) => f.startUpMs ?? 0)),
  };
}

/**
 * Each invariant once, in the order of the list the run checks them in (a shard holds every n-th);
 * its numbers summed (`asked` too, which a run writes beside the counts its type names).
 */
function mergeInvariants(rows: RunReport["footer"]["invariants"]): RunReport["footer"]["invariants"] {
  type Row = RunReport["footer"]["invariants"][number];
  const order = new Map(allInvariants.map((inv, i) => [inv.name, i]));
  const byName = new Map<string, Record<string, number | string>>();
  for (const r of rows) {
    const m = byName.get(r.name) ?? { name: r.name };
    for (const [k, v] of Object.entries(r)) if (typeof v === "number") m[k] = ((m[k] as number | undefined) ?? 0) + v;
    byName.set(r.name, m);
  }
  const rank = (name: string) => order.get(name) ?? Number.MAX_SAFE_INTEGER;
  return [...byName.values()]
    .map((m) => m as unknown as Row)
    .sort((a, b) => rank(a.name) - rank(b.name) || (a.name < b.name ? -1 : 1));
}

/** Totals summed, reasons by who gave them and what they say; most frequent first, as a run lists them. */
function mergeSkips(phases: readonly PhaseSkips[]): PhaseSkips {
  const reasons = new Map<string, SkipReason>();
  for (const r of phases.flatMap((p) => p.reasons)) {
    const key = `${r.by}:${r.reason}`;
    reasons.set(key, { ...r, count: (reasons.get(key)?.count ?? 0) + r.count });
  }
  return {
    total: phases.reduce((n, p) => n + p.total, 0),
    skipped: phases.reduce((n, p) => n + p.skipped, 0),
    reasons: [...reasons.values()].sort((a, b) => b.count - a.count || (a.reason < b.reason ? -1 : 1)),
  };
}

function mergeHealth(all: readonly ImplementationHealth[]): ImplementationHealth {
  return {
    children: all.reduce((n, h) => n + h.children, 0),
    restarts: all.reduce((n, h) => n + h.restarts, 0),
    timeouts: all.reduce((n, h) => n + h.timeouts, 0),
    broken: all.find((h) => h.broken !== null)?.broken ?? null,
    faults: all.flatMap((h) => h.faults),
  };
}

/** Causes by how much they say of the merged run: an unusable implementation over a signal over the clock. */
const causeRank: Record<Extract<Completion, { status: "incomplete" }>["cause"], number> = {
  implementation: 0,
  unreliableServer: 1,
  startUp: 2,
  interrupted: 3,
  caseTimeout: 4,
  timeLimit: 5,
};

/** Complete when every shard did its share; otherwise each shard's reason, and what fell short, summed. */
function mergeCompletion(reports: readonly RunReport[]): Completion {
  const short = reports.flatMap((r) => {
    const c = r.footer.completion;
    return c?.status === "incomplete" ? [{ c, shard: r.header.shard }] : [];
  });
  if (short.length === 0) return { status: "complete" };
  const shortfalls = new Map<Shortfall["work"], Shortfall>();
  for (const s of short.flatMap(({ c }) => c.shortfalls)) {
    const m = shortfalls.get(s.work);
    shortfalls.set(s.work, { work: s.work, done: (m?.done ?? 0) + s.done, promised: (m?.promised ?? 0) + s.promised });
  }
  return {
    status: "incomplete",
    cause: [...short].sort((a, b) => causeRank[a.c.cause] - causeRank[b.c.cause])[0]?.c.cause ?? "timeLimit",
    reason: short.map(({ c, shard }) => `shard ${shard?.index}/${shard?.count}: ${c.reason}`).join("; "),
    shortfalls: [...shortfalls.values()],
  };
}
