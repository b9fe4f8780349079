// What every phase of a run shares: the implementation, the failures met, the model's clause counts.
import type { Answer, Matcher } from "../../oracles/adapters/matcher.ts";
import { answers } from "../../oracles/adapters/matcher.ts";
import { outOfScope } from "../../oracles/contract/capabilities.ts";
import type { Outcome } from "../../oracles/contract/outcome.ts";
import type { Query } from "../../oracles/invariants/invariant.ts";
import type { ClauseName } from "../../oracles/model/clauses.ts";
import type { Decision } from "../../oracles/model/decide.ts";
import { decide, servesSubject } from "../../oracles/model/decide.ts";
import type { FailureLog } from "./failureLog.ts";
import type { RunOptions } from "./options.ts";
import { SkipTally } from "./skips.ts";

export interface Progress {
  phase(name: string, total: number): void;
  tick(done: number, failures: number): void;
}

export class RunContext {
  readonly matcher: Matcher;
  readonly options: RunOptions;
  readonly failures: FailureLog;
  readonly progress: Progress;
  readonly coverage = new Map<ClauseName, number>();
  readonly skips = new SkipTally();
  implementationFailures = 0;
  answered = 0;

  constructor(matcher: Matcher, options: RunOptions, failures: FailureLog, progress: Progress) {
    this.matcher = matcher;
    this.options = options;
    this.failures = failures;
    this.progress = progress;
  }

  /** The model's decision, counted into the run's clause coverage. */
  model(q: Query, count = true): Decision {
    const d = decide(q.subject, q.cluster, q.request, q.kubernetesVersion);
    if (count) for (const c of d.clauses) this.coverage.set(c, (this.coverage.get(c) ?? 0) + 1);
    return d;
  }

  /** May this query be put to the implementation: its subjects, minors and claimed scope, the run's minors? */
  allows(q: Query): boolean {
    const { kind } = q.subject;
    return (
      this.options.minors.includes(q.kubernetesVersion) &&
      answers(this.matcher, kind, q.kubernetesVersion) &&
      servesSubject(kind, q.kubernetesVersion) &&
      this.outOfScope(q) === undefined
    );
  }

  /** Why the implementation is not to be asked this query, or undefined when it claims it. */
  outOfScope(q: Query): string | undefined {
    return outOfScope(q, this.matcher.capabilities);
  }

  async ask(q: Query): Promise<Answer> {
    const a = await this.matcher.match(q);
    this.skips.answered(a);
    this.answered++;
    if (a.answer === "broken" || a.answer === "errored") this.implementationFailures++;
    return a;
  }

  /** The implementation's Kubernetes outcome, or undefined when it gave none. */
  async outcomeOf(q: Query): Promise<Outcome | undefined> {
    const a = await this.matcher.match(q);
    this.skips.answered(a);
    return a.answer === "outcome" ? a.outcome : undefined;
  }
}

/** Runs `work` over `items` with up to `width` in flight, in order of completion. */
export async function inParallel<T>(
  items: readonly T[],
  width: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(width, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      await work(items[i] as T, i);
    }
  });
  await Promise.all(lanes);
}
