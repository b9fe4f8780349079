// Every failure a phase meets, grouped cheaply while the run goes on (by the model's deciding clause
// and the two outcomes of the raw example), with a few examples per group kept for the diagnosis,
// which reduces them and regroups them by what their minimal cases need.
import type { Answer } from "../../oracles/adapters/matcher.ts";
import type { ReferenceName } from "../../oracles/adapters/reference.ts";
import type { Expected, Outcome } from "../../oracles/contract/outcome.ts";
import type { Query } from "../../oracles/contract/query.ts";
import type { Minor } from "../../oracles/contract/versions.ts";
import type { Invariant } from "../../oracles/invariants/invariant.ts";
import type { Phase } from "../../reports/runReport.ts";

export interface Failure {
  readonly phase: Phase;
  readonly query: Query;
  /** The reference's outcome: the model's, or the corpus test's expectation. */
  readonly expected: Expected | Outcome;
  readonly actual: Answer;
  /** Who decided what kube-apiserver does: the model (when absent), or an upstream oracle where the model stops. */
  readonly reference?: ReferenceName;
  readonly corpus?: { readonly file: string; readonly case: string; readonly test: string; readonly source?: string };
  readonly seed?: number;
  readonly path?: string;
  /** An invariant's violation: the related query and the implementation's two answers. */
  readonly invariant?: {
    readonly invariant: Invariant;
    readonly extra: unknown;
    readonly variant: Query;
    readonly baseOutcome: Outcome;
    readonly variantOutcome: Outcome;
  };
}

export interface FailureGroup {
  readonly rawSignature: string;
  readonly phase: Phase;
  count: number;
  readonly minors: Set<Minor>;
  readonly examples: Failure[];
}

/** Examples kept per raw group: the first is always reduced, the others while time is left. */
const examplesPerGroup = 6;

export class FailureLog {
  readonly #groups = new Map<string, FailureGroup>();
  #firstAt: number | undefined;
  #firstGeneratedAt: number | undefined;

  add(rawSignature: string, failure: () => Failure, minor: Minor, phase: Phase): void {
    this.#firstAt ??= performance.now();
    if (phase === "generated") this.#firstGeneratedAt ??= performance.now();
    const key = `${phase} ${rawSignature}`;
    let group = this.#groups.get(key);
    if (group === undefined) {
      group = { rawSignature, phase, count: 0, minors: new Set(), examples: [] };
      this.#groups.set(key, group);
    }
    group.count++;
    group.minors.add(minor);
    if (group.examples.length < examplesPerGroup) group.examples.push(failure());
  }

  get groups(): readonly FailureGroup[] {
    return [...this.#groups.values()].sort((a, b) => b.count - a.count);
  }

  /** The groups so far, each one reduction to come: cheap enough to ask before every question. */
  get groupCount(): number {
    return this.#groups.size;
  }

  get firstAt(): number | undefined {
    return this.#firstAt;
  }

  get firstGeneratedAt(): number | undefined {
    return this.#firstGeneratedAt;
  }

  countIn(phase: Phase): number {
    let n = 0;
    for (const g of this.#groups.values()) if (g.phase === phase) n += g.count;
    return n;
  }
}
