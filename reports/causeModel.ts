// One cause of a report as data: its anchor and bundle folder, what was seen, both answers or the
// family's table, the evidence and the minimal case. Rendered by each format (reports/reportModel.ts).
import type { NotReproducibleKind } from "../oracles/apiserver/batch/notReproducible.ts";
import { formatAnswer, formatReference } from "./answerText.ts";
import { caseSummary, decidedBy, reductionText, seenIn, subjectsYaml } from "./bucketText.ts";
import { bounded } from "./escape.ts";
import type { Bucket, FamilyRow } from "./runReport.ts";
import { shownPath } from "./shownPath.ts";
import type { Table } from "./table.ts";

export type CauseBody =
  | {
      readonly kind: "family";
      readonly explanation: string;
      /** rejectsValid lists what the implementation objected to; other families a rule and what kube-apiserver does. */
      readonly objections: boolean;
      readonly rows: readonly FamilyRow[];
      readonly table: Table;
      /** The reduced example's two answers. */
      readonly expected: string;
      readonly actual: string;
    }
  | {
      readonly kind: "pair";
      readonly relation: string;
      /** What the reference decides for the base. */
      readonly expected: string;
      readonly base: Side;
      readonly variant: Side;
    }
  | { readonly kind: "reference"; readonly expected: string; readonly actual: string };

/** One query of an invariant's pair: the implementation's answer and its subject. */
export interface Side {
  readonly answer: string;
  readonly subjectJson: string;
  readonly subjectYaml: string;
}

export interface Cause {
  /** The page's fragment: cause-1 for the first. */
  readonly anchor: string;
  /** The bundle's folder relative to the report folder, with its trailing slash. */
  readonly bundle: string;
  readonly title: string;
  readonly signature: string;
  readonly count: number;
  /** The phases, the minors and who decided: "corpus 3, generated 5 · Kubernetes 1.37 · decided by the model". */
  readonly seenIn: string;
  /** "the model", or the upstream oracle that decided where the model stops ("upstream@1.37"). */
  readonly decidedBy: string;
  readonly expectedFailure?: { readonly reason: string; readonly issue?: string };
  readonly body: CauseBody;
  readonly source?: string;
  readonly notReproducible?: string;
  /** What `notReproducible` is, in words, put before it: "no real cluster sends this input", … */
  readonly notReproducibleLead?: string;
  /** Its share of the realistic mix the causes are ranked by, in words (docs/diagnosis.md). */
  readonly impact: string;
  /** Corpus tests that failed for this cause, the first five as "file: case / test". */
  readonly corpus: readonly string[];
  readonly corpusMore: number;
  readonly invariants: readonly string[];
  readonly reduction: string;
  readonly caseFile: string;
  readonly summary: readonly string[];
  readonly clauses: readonly string[];
}

/** The folder of the i-th bucket's bundle, under bundles/. */
export function bundleFolder(i: number, b: Bucket): string {
  return `${String(i + 1).padStart(2, "0")}-${slug(b.signature)}`;
}

/**
 * A file-system-safe folder name for a key: lower-case letters, digits and dashes, at most 80.
 * A quoted "*" or "" would otherwise vanish ("…-with" for 'matches subresources with "*"'): they
 * become words.
 */
export function slug(s: string): string {
  return s
    .toLowerCase()
    .replace(/\*/g, " star ")
    .replace(/""/g, " empty ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 80)
    .replace(/-$/, "");
}

export function causeModel(b: Bucket, i: number): Cause {
  const corpus = b.evidence?.corpus ?? [];
  return {
    anchor: `cause-${i + 1}`,
    bundle: `bundles/${bundleFolder(i, b)}/`,
    title: b.title,
    signature: b.signature,
    count: b.count,
    seenIn: seenIn(b),
    decidedBy: decidedBy(b),
    ...(b.expectedFailure && { expectedFailure: b.expectedFailure }),
    body: body(b),
    ...(b.source && { source: b.source }),
    ...(b.notReproducible && {
      notReproducible: b.notReproducible,
      notReproducibleLead: notReproducibleLead(b.notReproducibleKind),
    }),
    impact: impactText(b),
    corpus: corpus.slice(0, 5).map((c) => `${shownPath(c.file)}: ${c.case} / ${c.test}`),
    corpusMore: Math.max(0, corpus.length - 5),
    invariants: b.evidence?.invariants ?? [],
    reduction: reductionText(b),
    caseFile: b.example.caseFile,
    summary: caseSummary(b.example.query),
    clauses: b.example.clauses,
  };
}

/** Says which kind of reason follows; a report written before the kinds were told apart has none. */
export function notReproducibleLead(kind: NotReproducibleKind | undefined): string {
  switch (kind) {
    case "unreal-input":
      return "no real cluster sends this input";
    case "unobservable":
      return "a real cluster sends it, but the apiserver oracle cannot observe or impose what decides it";
    case undefined:
      return "no real cluster can reproduce it";
  }
}

/** "12.5 % of a realistic request mix (32 of 256 scenarios)", or why there is no share. */
export function impactText(b: Bucket): string {
  const i = b.impact;
  if (i === undefined)
    return "not measured (the realistic mix was not asked, or not answered: no time left, an implementation declared broken, or nothing to draw)";
  const pct = i.share * 100;
  const shown = pct === 0 || pct >= 10 ? pct.toFixed(0) : pct.toFixed(1);
  return `${shown} % of a realistic request mix (${i.affected} of ${i.decided} scenarios)`;
}

function body(b: Bucket): CauseBody {
  const e = b.example;
  if (b.family) {
    const objections = b.family.name === "rejectsValid";
    const head = objections
      ? [{ text: "count", numeric: true }, { text: "what the implementation objected to" }]
      : [{ text: "count", numeric: true }, { text: "rule" }, { text: "what kube-apiserver does" }];
    const rows = b.family.rows.map((row) => [
      { text: String(row.count), numeric: true },
      { text: row.clause, code: !objections },
      ...(objections ? [] : [{ text: row.title }]),
    ]);
    return {
      kind: "family",
      explanation: b.family.explanation,
      objections,
      rows: b.family.rows,
      table: { head, rows },
      expected: bounded(formatReference(e.expected)),
      actual: bounded(formatAnswer(e.actual)),
    };
  }
  const subjects = subjectsYaml(b);
  if (e.variant && subjects)
    return {
      kind: "pair",
      relation: e.variant.relation,
      expected: bounded(formatReference(e.expected)),
      base: {
        answer: bounded(formatAnswer(e.actual)),
        subjectJson: JSON.stringify(e.query.subject),
        subjectYaml: subjects[0],
      },
      variant: {
        answer: bounded(formatAnswer(e.variant.actual)),
        subjectJson: JSON.stringify(e.variant.query.subject),
        subjectYaml: subjects[1],
      },
    };
  return { kind: "reference", expected: bounded(formatReference(e.expected)), actual: bounded(formatAnswer(e.actual)) };
}
