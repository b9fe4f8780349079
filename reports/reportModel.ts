// What every report of a run says, as data: the header, the verdict, the notes, the causes and the
// tables. Each format (reports/runText.ts, runMarkdown.ts, runHtml.ts, runJunit.ts) only renders
// it, so a new section is written once, here. Text is raw (each renderer escapes it for where it
// goes) and bounded (reports/boundedReport.ts).
import { clauses } from "../oracles/model/clauses.ts";
import { boundedReport } from "./boundedReport.ts";
import { neverChecked } from "./bucketText.ts";
import type { Cause } from "./causeModel.ts";
import { causeModel } from "./causeModel.ts";
import { notSentLine, profileRows, reasonText, skipSections, skipWarnings } from "./profile.ts";
import type { RunNote } from "./runNotes.ts";
import { runNotes } from "./runNotes.ts";
import type { Bucket, RunReport } from "./runReport.ts";
import type { Cell, Table } from "./table.ts";
import type { Verdict } from "./verdict.ts";
import { verdict, versionsText } from "./verdict.ts";

/** A titled table after the causes, with its anchor. */
export interface Section {
  readonly id: string;
  readonly title: string;
  readonly intro?: string;
  readonly table: Table;
  readonly after?: string;
  /** Set for a section only the page shows (report.md is a CI job summary). */
  readonly htmlOnly?: boolean;
}

export interface PhaseSkipped {
  readonly phase: string;
  readonly skipped: number;
  readonly total: number;
  readonly reasons: readonly { readonly count: number; readonly text: string }[];
}

export interface ReportModel {
  readonly name: string;
  readonly version: string;
  /** "Kubernetes 1.37 · input … · seed 3 · profile quick · 1.2 s" */
  readonly meta: string;
  readonly replay: string;
  readonly verdict: Verdict;
  readonly notes: readonly RunNote[];
  /** What was not sent, as sentences without their period. */
  readonly notSent: readonly string[];
  readonly warnings: readonly string[];
  readonly phases: Table;
  /** Per phase with a reason, what was not decided and why. */
  readonly skips: readonly PhaseSkipped[];
  readonly causes: readonly Cause[];
  /** Causes seen only on inputs no real cluster produces: apart, not counted or ranked. */
  readonly unreal: readonly Cause[];
  readonly noLongerFailing: readonly string[];
  readonly sections: readonly Section[];
}

const num = (n: number, tone?: Cell["tone"]): Cell => ({ text: String(n), numeric: true, ...(tone && { tone }) });
const head = (...labels: string[]): Cell[] => labels.map((text) => ({ text }));
const numHead = (text: string): Cell => ({ text, numeric: true });

export function reportModel(given: RunReport): ReportModel {
  const r = boundedReport(given);
  const f = r.footer;
  const h = r.header;
  const v = verdict(r);
  const unreal = r.unrealInputs ?? [];
  const skipped = skipSections(r).map(({ phase, skips }) => ({
    phase,
    skipped: skips.skipped,
    total: skips.total,
    reasons: skips.reasons.map((x) => ({ count: x.count, text: reasonText(x) })),
  }));
  return {
    name: h.implementation.name,
    version: h.implementation.version,
    meta: `${versionsText(r)} · input ${h.input} · seed ${h.seed} · profile ${h.profile} · ${(f.durationMs / 1000).toFixed(1)} s`,
    replay: h.replay,
    verdict: v,
    notes: runNotes(r),
    notSent: notSentLine(r),
    warnings: skipWarnings(r),
    phases: phasesTable(r),
    skips: skipped,
    causes: r.buckets.map((b, i) => causeModel(b, i)),
    unreal: unreal.map((b, i) => causeModel(b, r.buckets.length + i)),
    noLongerFailing: r.expectedFailures.noLongerFailing,
    // A run that decided nothing has no invariants, skips or claim to show (it never got a ready).
    sections: [
      ...unrealSection(unreal),
      ...(v.kind === "nothingTested" ? [] : [invariantsSection(r), ...skipsSection(skipped), profileSection(r)]),
      coverageSection(f.clauseCoverage),
    ],
  };
}

function phasesTable(r: RunReport): Table {
  const f = r.footer;
  const sum = (g: (i: RunReport["footer"]["invariants"][number]) => number) =>
    f.invariants.reduce((n, i) => n + g(i), 0);
  return {
    head: [{ text: "phase" }, numHead("passed"), numHead("failed"), numHead("skipped")],
    rows: [
      [{ text: "corpus" }, num(f.corpus.passed), num(f.corpus.failed), num(f.corpus.skipped)],
      [{ text: "generated scenarios" }, num(f.generated.agreed), num(f.generated.diverged), num(f.generated.skipped)],
      [
        { text: "invariants" },
        num(sum((i) => i.checked - i.violated)),
        num(sum((i) => i.violated)),
        num(sum((i) => i.inconclusive)),
      ],
    ],
  };
}

/** Causes on inputs no real cluster produces, apart from the causes: what diverged, and why none sends it. */
function unrealSection(unreal: readonly Bucket[]): Section[] {
  if (unreal.length === 0) return [];
  return [
    {
      id: "unreal-inputs",
      title: "Inputs no real cluster produces",
      intro:
        "Divergences seen only on inputs no real cluster sends, tested on purpose: not counted or ranked as causes, and not failing the run on their own. Each says why, in the apiserver oracle's words.",
      table: {
        head: [numHead("count"), ...head("what diverges", "key", "why no real cluster produces it")],
        rows: unreal.map((b) => [
          num(b.count),
          { text: b.title },
          { text: b.signature, code: true },
          { text: b.notReproducible ?? "" },
        ]),
      },
    },
  ];
}

function invariantsSection(r: RunReport): Section {
  const never = neverChecked(r);
  return {
    id: "invariants",
    title: "Invariants",
    table: {
      head: [{ text: "invariant" }, numHead("checked"), numHead("violated"), numHead("inconclusive")],
      rows: r.footer.invariants.map((i) => [
        { text: i.name, code: true },
        num(i.checked),
        num(i.violated, i.violated > 0 ? "bad" : undefined),
        num(i.inconclusive),
      ]),
    },
    ...(never.length > 0 && { after: `Never checked in this run: ${never.join(", ")}.` }),
  };
}

function skipsSection(skipped: readonly PhaseSkipped[]): Section[] {
  const rows = skipped.flatMap(({ phase, reasons }) =>
    reasons.map((x) => [{ text: phase }, num(x.count), { text: x.text }]),
  );
  if (rows.length === 0) return [];
  return [
    { id: "skipped", title: "Skipped", table: { head: [...head("phase"), numHead("count"), ...head("reason")], rows } },
  ];
}

function profileSection(r: RunReport): Section {
  const rows = profileRows(r.header.capabilities, r.header.kubernetesVersions, r.header.subjects).map((x) => [
    { text: x.area },
    { text: x.name },
    { text: x.full },
    { text: x.claimed, tone: x.supported ? ("ok" as const) : ("bad" as const) },
    { text: x.note ?? "" },
  ]);
  return {
    id: "profile",
    title: "Profile",
    intro: "What the implementation claims next to the full profile; nothing outside the claim is generated or sent.",
    table: { head: head("", "", "full", "claimed", ""), rows },
  };
}

function coverageSection(coverage: Readonly<Record<string, number>>): Section {
  const max = Math.max(1, ...Object.values(coverage));
  const rows = Object.entries(coverage).map(([c, n]) => [
    { text: c, code: true },
    num(n, n === 0 ? "bad" : undefined),
    { text: "", bar: Math.log1p(n) / Math.log1p(max) },
    { text: clauses[c as keyof typeof clauses]?.summary ?? "" },
  ]);
  return {
    id: "coverage",
    title: "Clause coverage",
    intro: "How many of the model's decisions in this run went through each clause.",
    table: { head: [{ text: "clause" }, numHead("decisions"), { text: "" }, { text: "what it decides" }], rows },
    htmlOnly: true,
  };
}

export type { Cell, Table } from "./table.ts";
