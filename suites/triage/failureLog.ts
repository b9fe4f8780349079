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
  /** The work order of each example, in step with `examples`. */
  readonly orders: WorkOrder[];
}

/** Examples kept per raw group: the first is always reduced, the others while time is left. */
const examplesPerGroup = 6;

/**
 * Where a failure stands in its phase's work, the same on every machine: the corpus test's index,
 * the generated batch and the scenario's index in it, the invariant and its sample's index. A group
 * keeps the examples first in this order, not the first answered: under load answers arrive in
 * another order, and the examples kept (so the minimal cases and keys) would change with it.
 */
export type WorkOrder = readonly [number, number];

function before(a: WorkOrder, b: WorkOrder): boolean {
  return a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
}

export class FailureLog {
  readonly #groups = new Map<string, FailureGroup>();
  #firstAt: number | undefined;
  #firstGeneratedAt: number | undefined;

  /** `order`: where the failure stands in its phase's work (absent: after all that came with one). */
  add(rawSignature: string, failure: () => Failure, minor: Minor, phase: Phase, order?: WorkOrder): void {
    this.#firstAt ??= performance.now();
    if (phase === "generated") this.#firstGeneratedAt ??= performance.now();
    const key = `${phase} ${rawSignature}`;
    let group = this.#groups.get(key);
    if (group === undefined) {
      group = { rawSignature, phase, count: 0, minors: new Set(), examples: [], orders: [] };
      this.#groups.set(key, group);
    }
    group.count++;
    group.minors.add(minor);
    keep(group, failure, order ?? [Number.MAX_SAFE_INTEGER, group.count]);
  }

  /** Most failures first; equals by phase and raw signature, not by which was met first. */
  get groups(): readonly FailureGroup[] {
    const name = (g: FailureGroup) => `${g.phase} ${g.rawSignature}`;
    return [...this.#groups.values()].sort(
      (a, b) => b.count - a.count || (name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : 0),
    );
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

/** Keeps `failure` among the group's examples if it is among the first `examplesPerGroup` in work order. */
function keep(group: FailureGroup, failure: () => Failure, order: WorkOrder): void {
  const full = group.examples.length >= examplesPerGroup;
  const last = group.orders.at(-1);
  if (full && last !== undefined && !before(order, last)) return;
  let at = group.orders.length;
  while (at > 0 && before(order, group.orders[at - 1] as WorkOrder)) at--;
  group.examples.splice(at, 0, failure());
  group.orders.splice(at, 0, order);
  if (group.examples.length > examplesPerGroup) {
    group.examples.pop();
    group.orders.pop();
  }
}
