// Why a run did not decide what it drew: the implementation's own `skipped` answers grouped by
// message, and the queries outside its claimed capabilities grouped by reason, per phase.
import type { Answer } from "../../oracles/adapters/matcher.ts";
import type { NotSent } from "../../oracles/scope/whyNotSent.ts";
import type { PhaseSkips, SkipPhase, SkipReason } from "../../reports/runReport.ts";

/** Distinct reasons kept per phase; the rest are counted together. */
export const maxDistinctReasons = 50;
const otherReasons = `(other reasons: more than ${maxDistinctReasons} distinct ones were given)`;

export class SkipTally {
  /** The phase whose answers are being counted; undefined while buckets are reduced. */
  phase: SkipPhase | undefined;
  readonly #reasons = new Map<SkipPhase, Map<string, { by: SkipReason["by"]; count: number }>>();

  /** Counts an implementation's `skipped` answer in the current phase. */
  answered(a: Answer): void {
    if (this.phase !== undefined && a.answer === "skipped") this.#add(this.phase, "implementation", a.message);
  }

  /** Counts a query that was not sent: the implementation does not claim it, or the model cannot decide it. */
  notSent(phase: SkipPhase, why: NotSent): void {
    this.#add(phase, why.by, why.reason);
  }

  notSentCount(phase: SkipPhase): number {
    return this.reasons(phase)
      .filter((r) => r.by !== "implementation")
      .reduce((n, r) => n + r.count, 0);
  }

  /** Most frequent first; ties by reason, so that reports are stable. */
  reasons(phase: SkipPhase): SkipReason[] {
    return [...(this.#reasons.get(phase) ?? new Map()).entries()]
      .map(([key, { by, count }]) => ({ by, reason: key.slice(key.indexOf(":") + 1), count }))
      .sort((a, b) => b.count - a.count || (a.reason < b.reason ? -1 : 1));
  }

  /** The footer's record of a phase: of `total` units, `skipped` were not decided. */
  summary(phase: SkipPhase, total: number, skipped: number): PhaseSkips {
    return { total, skipped, reasons: this.reasons(phase) };
  }

  #add(phase: SkipPhase, by: SkipReason["by"], reason: string): void {
    const byReason = this.#reasons.get(phase) ?? new Map();
    this.#reasons.set(phase, byReason);
    let key = `${by}:${reason}`;
    // Distinct reasons are bounded: an implementation may word each skip differently.
    if (!byReason.has(key) && byReason.size >= maxDistinctReasons) key = `${by}:${otherReasons}`;
    const seen = byReason.get(key);
    if (seen) seen.count++;
    else byReason.set(key, { by, count: 1 });
  }
}
