// A run report whose text from the implementation is bounded: an implementation that answers
// distinct 50 KB messages would otherwise write reports of tens of megabytes. Every format, the
// JSON included, is written from the bounded report; each cut says how much it cut.
import type { Answer } from "../oracles/adapters/matcher.ts";
import type { Expected, Outcome } from "../oracles/contract/outcome.ts";
import { bounded } from "./escape.ts";
import type { Bucket, Example, PhaseSkips, RunReport, SkipPhase } from "./runReport.ts";

/** Names and versions are one short line each. */
const nameLimit = 200;

function answer(a: Answer): Answer {
  switch (a.answer) {
    case "outcome":
      return { ...a, outcome: outcome(a.outcome) };
    case "skipped":
    case "errored":
      return { ...a, message: bounded(a.message) };
    case "broken":
      return { ...a, message: bounded(a.message), stderr: a.stderr.slice(-20).map((l) => bounded(l)) };
  }
}

function outcome<T extends Outcome | Expected>(o: T): T {
  return "message" in o && typeof o.message === "string" ? { ...o, message: bounded(o.message) } : o;
}

function example(e: Example): Example {
  return {
    ...e,
    expected: outcome(e.expected),
    actual: answer(e.actual),
    ...(e.variant && { variant: { ...e.variant, actual: answer(e.variant.actual) } }),
  };
}

function bucket(b: Bucket): Bucket {
  return {
    ...b,
    title: bounded(b.title),
    signature: bounded(b.signature),
    example: example(b.example),
    ...(b.expectedFailure && { expectedFailure: { ...b.expectedFailure, reason: bounded(b.expectedFailure.reason) } }),
  };
}

function skips(s: PhaseSkips): PhaseSkips {
  return { ...s, reasons: s.reasons.map((x) => ({ ...x, reason: bounded(x.reason) })) };
}

/** The processes that escaped a child's group: a fork bomb of daemons is listed by its first few. */
function escapedList(escaped: readonly string[]): string[] {
  const shown = escaped.slice(0, escapedShown).map((l) => bounded(l, nameLimit));
  const more = escaped.length - shown.length;
  return more > 0 ? [...shown, `… and ${more} more`] : shown;
}

const escapedShown = 20;

export function boundedReport(r: RunReport): RunReport {
  const h = r.header;
  const f = r.footer;
  const health = f.implementationHealth;
  return {
    ...r,
    header: {
      ...h,
      implementation: {
        ...h.implementation,
        name: bounded(h.implementation.name, nameLimit),
        version: bounded(h.implementation.version, nameLimit),
      },
      ...(h.partial !== undefined && { partial: bounded(h.partial) }),
    },
    buckets: r.buckets.map(bucket),
    footer: {
      ...f,
      skips: Object.fromEntries(Object.entries(f.skips).map(([p, s]) => [p, skips(s)])) as Record<
        SkipPhase,
        PhaseSkips
      >,
      ...(health && {
        implementationHealth: {
          ...health,
          broken: health.broken === null ? null : bounded(health.broken),
          faults: health.faults.map((x) => ({ ...x, lines: x.lines.map((l) => bounded(l)) })),
          ...(health.escaped && { escaped: escapedList(health.escaped) }),
        },
      }),
    },
  };
}
