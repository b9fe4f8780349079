// What every phase of a run shares: the implementation, the failures met, the model's clause
// counts, the skips, and the clock that ends the run on time.
import type { WatchedMatcher } from "../../oracles/adapters/consistencyWatch.ts";
import { watchConsistency } from "../../oracles/adapters/consistencyWatch.ts";
import type { Answer, Matcher } from "../../oracles/adapters/matcher.ts";
import { answers, notAsked } from "../../oracles/adapters/matcher.ts";
import type { ReferenceName, UpstreamName } from "../../oracles/adapters/reference.ts";
import { OutsideReferences } from "../../oracles/adapters/reference.ts";
import type { Outcome } from "../../oracles/contract/outcome.ts";
import type { Query } from "../../oracles/contract/query.ts";
import type { ClauseName } from "../../oracles/model/clauses.ts";
import type { Decision } from "../../oracles/model/decide.ts";
import { decide, servesSubject } from "../../oracles/model/decide.ts";
import { outsideModel } from "../../oracles/model/outsideModel.ts";
import { type NotSent, whyNotSent } from "../../oracles/scope/whyNotSent.ts";
import type { ContradictedTest, SkipPhase } from "../../reports/runReport.ts";
import type { FailureLog } from "../triage/failureLog.ts";
import type { RunOptions } from "./options.ts";
import type { RunPhase } from "./pacing.ts";
import { callsPerProbe, callsPerReduction, phaseEnds, phasesShare, questionsInFlight } from "./pacing.ts";
import { SkipTally } from "./skips.ts";

export type { RunPhase } from "./pacing.ts";
export { callsPerProbe, callsPerReduction, graceMs, phaseEnds, questionsInFlight } from "./pacing.ts";

export interface Progress {
  phase(name: string, total: number): void;
  tick(done: number, failures: number): void;
}

export interface RunClock {
  /**
   * When the run started (performance.now(); 0 is the process's start); default now. Start-up is
   * the time from then to the run's construction; the time limit counts from the latter.
   */
  readonly startedAt?: number;
  /** Aborted on SIGINT or SIGTERM: the run asks nothing more and reports what it has. */
  readonly signal?: AbortSignal;
}

export class RunContext {
  readonly matcher: Matcher;
  readonly options: RunOptions;
  readonly failures: FailureLog;
  readonly progress: Progress;
  readonly coverage = new Map<ClauseName, number>();
  readonly skips = new SkipTally();
  /** Where the model stops, who decides instead: an upstream oracle per minor, or none. */
  readonly references: OutsideReferences;
  /** Queries put to the implementation where the model stops, an upstream oracle deciding them. */
  beyondModel = 0;
  /** Corpus tests whose expectation the reference contradicts (corpusPhase.ts). */
  readonly contradicted: ContradictedTest[] = [];
  readonly startedAt: number;
  /** Questions each phase keeps in flight: questionsInFlight, or more if the implementation asks for them. */
  readonly inFlight: number;
  /** Loading the cases and starting the implementation: from `startedAt` to the phases' start. */
  readonly startUpMs: number;
  /** The end of the whole run (performance.now()); Infinity without a time limit. */
  readonly deadline: number;
  implementationFailures = 0;
  answered = 0;
  /** Answers of every phase (the invariants' too), for what an answer costs on this machine. */
  #answers = 0;
  /** What was the phases' to do: the corpus tests in scope; whether scenarios could be drawn for each. */
  readonly inScope = { corpus: 0, generated: false, invariants: false };
  /** Work a phase did not ask for, because its share of the time or the run's time was gone. */
  readonly notRun = { corpus: 0, generated: 0, invariants: 0 };
  /** Questions asked whose answer had not come when the time ran out. */
  abandoned = 0;
  /** Questions the case timeout ended (after the adapter's retry), counted as the clock's, not as answers. */
  timedOut = 0;
  /** The implementation as every phase asks it, each answer compared with the query's earlier ones. */
  readonly watched: WatchedMatcher;
  readonly #inner: Matcher;
  readonly #signal: AbortSignal | undefined;
  readonly #sharedFrom: number;
  #phase: RunPhase = "corpus";
  #phaseEnd: number;
  readonly #cutoffs = new Map<number, { promise: Promise<void>; timer?: NodeJS.Timeout }>();

  constructor(
    matcher: Matcher,
    options: RunOptions,
    failures: FailureLog,
    progress: Progress,
    clock: RunClock = {},
    references = new OutsideReferences(),
  ) {
    const watched = watchConsistency(matcher);
    this.watched = watched;
    this.#inner = watched;
    this.inFlight = Math.max(questionsInFlight, matcher.inFlight ?? 0);
    this.references = references;
    this.options = options;
    this.failures = failures;
    this.progress = progress;
    this.#signal = clock.signal;
    const now = performance.now();
    this.startedAt = clock.startedAt ?? now;
    this.startUpMs = now - this.startedAt;
    const limit = options.budget.timeLimitMs;
    // The phases' clock starts now, after start-up: what it took is no longer taken from them.
    this.deadline = Number.isFinite(limit) ? now + limit : Number.POSITIVE_INFINITY;
    this.#sharedFrom = now;
    this.#phaseEnd = this.#endOf("corpus");
    // Every question, the reductions' too, ends with the run: past the deadline none is answered,
    // so that work still under way stops where it is instead of spinning on instant answers.
    this.matcher = {
      ...matcher,
      match: async (q) => {
        const a = this.expired() ? undefined : await this.#bounded(watched.match(q), this.deadline, undefined);
        return a ?? new Promise<Answer>(() => {});
      },
    };
  }

  /** Work pacing: the run's time limit is a ceiling, not shared out between the phases. */
  get #ceilingOnly(): boolean {
    return this.options.budget.pacing === "work";
  }

  #endOf(phase: RunPhase): number {
    if (this.#ceilingOnly) return this.deadline;
    return this.#sharedFrom + phaseEnds[phase] * (this.deadline - this.#sharedFrom);
  }

  /** The phase now under way: its questions stop at its share of the limit. */
  enter(phase: RunPhase): void {
    this.#phase = phase;
    this.#phaseEnd = this.#endOf(phase);
  }

  /** Of the whole run, ms; Infinity without a limit. */
  timeLeft(): number {
    return this.stopped ? 0 : Math.max(0, this.deadline - performance.now());
  }

  expired(): boolean {
    return this.timeLeft() <= 0;
  }

  /**
   * Has the phase under way used up its share, or reached the time kept for reducing the causes
   * found (or the run been stopped, or the implementation given up on)?
   */
  phaseOver(): boolean {
    const now = performance.now();
    if (this.#phase !== "reduction" && now >= this.deadline - this.reductionReserveMs()) return true;
    return this.stopped || now >= this.#phaseEnd || this.#givenUpOn() !== undefined;
  }

  /**
   * The time kept at the end of the run for reducing the causes found so far (issue 23: reduction
   * is part of the run, not what is left of it): one reduction's expected calls per failure group,
   * at what an answer has cost so far, this machine's load and the model's own work included; at
   * most what leaves the phases `phasesShare` of the limit. 0 when reduction is off; in work pacing,
   * where every phase does all its work and the reductions theirs, the limit a ceiling, only the
   * questions in flight and the probes' calls (callsPerProbe), which matter only to a run the
   * ceiling cuts.
   */
  reductionReserveMs(): number {
    // Under a ceiling the reductions get no share, but a run the ceiling cuts keeps time for the
    // questions still in flight when the phases stop, then for the behaviour probes on each group's
    // raw example, so that its causes are still keyed by behaviour.
    if (this.#ceilingOnly) return this.#reserve(this.failures.groupCount * callsPerProbe + this.inFlight);
    return this.#reserve(this.failures.groupCount * callsPerReduction);
  }

  /** Under a ceiling, the time kept before it for the probes on each group's raw example (callsPerProbe). */
  probeReserveMs(): number {
    return this.#ceilingOnly ? this.#reserve(this.failures.groupCount * callsPerProbe) : 0;
  }

  /**
   * `calls` answers' time at what an answer has cost so far; at most what leaves the phases their
   * share (under a ceiling a tenth: the run it cuts is incomplete whatever they do).
   */
  #reserve(calls: number): number {
    const groups = this.failures.groupCount;
    if (!this.options.budget.reduce || groups === 0 || !Number.isFinite(this.deadline)) return 0;
    const span = this.deadline - this.#sharedFrom;
    const msPerAnswer = (performance.now() - this.#sharedFrom) / Math.max(1, this.#answers);
    const share = this.#ceilingOnly ? 0.1 : phasesShare;
    return Math.min((1 - share) * span, calls * msPerAnswer);
  }

  /** Why the adapter stopped asking the implementation, if it did: nothing more is worth asking. */
  #givenUpOn(): string | undefined {
    return this.#inner.health?.().broken ?? undefined;
  }

  get stopped(): boolean {
    return this.#signal?.aborted === true;
  }

  /** Why work went unasked: the time limit (a ceiling in work pacing), the signal that interrupted the run, or a broken implementation. */
  get stopReason(): string {
    if (this.stopped) return String(this.#signal?.reason ?? "interrupted");
    return this.#givenUpOn() === undefined ? "time limit" : "the implementation was declared broken";
  }

  /** False, counting `n` unasked pieces of work, once the phase is over. */
  mayAsk(n = 1): boolean {
    if (!this.phaseOver()) return true;
    if (this.#phase !== "reduction") this.notRun[this.#phase] += n;
    return false;
  }

  /** The model's decision, counted into the run's clause coverage. */
  model(q: Query, count = true): Decision {
    const d = decide(q.subject, q.cluster, q.request, q.kubernetesVersion);
    if (count) for (const c of d.clauses) this.coverage.set(c, (this.coverage.get(c) ?? 0) + 1);
    return d;
  }

  /**
   * May this query be put to the implementation: its subjects, minors and claimed scope, the run's
   * minors, and the model decides it (`beyondModel`: or an upstream oracle does where it stops)?
   */
  allows(q: Query, beyondModel = false): boolean {
    const { kind } = q.subject;
    return (
      this.options.minors.includes(q.kubernetesVersion) &&
      answers(this.matcher, kind, q.kubernetesVersion) &&
      servesSubject(kind, q.kubernetesVersion) &&
      this.whyNotSent(q, beyondModel) === undefined
    );
  }

  /**
   * Why the implementation is not to be asked this query, or undefined when it claims it: its
   * declared subjects and minors, the run's minors, and its claimed capabilities, for every phase
   * (the invariants' variants and the reductions' moves included); where the model stops, unless
   * `beyondModel` and the run has the upstream oracle of the query's minor to decide instead.
   */
  whyNotSent(q: Query, beyondModel = false): NotSent | undefined {
    const { kind } = q.subject;
    const minor = q.kubernetesVersion;
    if (!this.matcher.subjects.includes(kind)) return { by: "scope", reason: `${kind} not declared` };
    if (!this.matcher.kubernetesVersions.includes(minor) || !this.options.minors.includes(minor))
      return { by: "scope", reason: `Kubernetes ${minor} not declared or not asked for` };
    const upstream = beyondModel && this.references.for(minor) !== undefined;
    return whyNotSent(q, this.matcher.capabilities, !upstream);
  }

  /** Who decides `q`: the model, or where it stops the upstream oracle of q's minor when the run has one. */
  decidedBy(q: Query): ReferenceName {
    const upstream = this.references.for(q.kubernetesVersion);
    return upstream !== undefined && outsideModel(q) !== undefined ? upstream.name : "model";
  }

  /** The outcome of the reference that decides `q` (the model's uncounted), undefined when it gave none in time. */
  async referenceOutcome(q: Query): Promise<Outcome | undefined> {
    const upstream = this.references.for(q.kubernetesVersion);
    if (upstream === undefined || outsideModel(q) === undefined) return this.model(q, false).outcome;
    const v = await this.#bounded(upstream.decide(q), this.deadline, undefined);
    return v?.verdict === "outcome" ? v.outcome : undefined;
  }

  /**
   * Where the model stops and an upstream oracle decides `q`, its outcome, asked before the
   * implementation is: a query that no reference decides is not sent, and is counted so in `phase`
   * (then, and on the time limit, undefined). "model" when the model decides.
   */
  async upstreamFirst(
    q: Query,
    phase: SkipPhase,
  ): Promise<{ by: UpstreamName; outcome: Outcome } | "model" | undefined> {
    const by = this.decidedBy(q);
    if (by === "model") return "model";
    const upstream = this.references.for(q.kubernetesVersion);
    if (upstream === undefined || !this.mayAsk()) return undefined;
    const v = await this.#bounded(upstream.decide(q), this.#phaseEnd, undefined);
    if (v === undefined) return undefined;
    if (v.verdict === "outcome" && v.outcome.outcome === "invalid" && !this.matcher.capabilities.features.validation) {
      // Where the model stops, only the upstream oracle knows the subject invalid (a CEL library
      // the model does not know): an implementation that does not claim validation is not asked.
      this.skips.notSent(phase, { by: "scope", reason: "API validation not claimed" });
      return undefined;
    }
    if (v.verdict === "outcome") {
      this.beyondModel++;
      return { by, outcome: v.outcome };
    }
    this.skips.notSent(phase, { by: "model", reason: `${outsideModel(q) ?? ""}, and ${v.why}` });
    return undefined;
  }

  /**
   * The implementation's answer; undefined when the phase's time ran out before it was asked or
   * answered, or when the case got no answer of its own because the implementation was declared
   * broken (counted as not run, with that reason: never as a failure of the case).
   */
  async ask(q: Query): Promise<Answer | undefined> {
    if (!this.mayAsk()) return undefined;
    const a = await this.#bounded(this.#inner.match(q), this.#phaseEnd, undefined);
    if (a === undefined || this.#clocked(a) || this.#unasked(a)) return undefined;
    this.skips.answered(a);
    this.answered++;
    this.#answers++;
    if (a.answer === "broken" || a.answer === "errored") this.implementationFailures++;
    return a;
  }

  /** The implementation's Kubernetes outcome, or undefined when it gave none (or none in time). */
  async outcomeOf(q: Query): Promise<Outcome | undefined> {
    const a = await this.answerOf(q);
    if (a !== undefined) this.skips.answered(a);
    return a?.answer === "outcome" ? a.outcome : undefined;
  }

  /** The implementation's answer within the phase (undefined once it is over), its skips not counted. */
  async answerOf(q: Query): Promise<Answer | undefined> {
    if (this.phaseOver()) return undefined;
    const a = await this.#bounded(this.#inner.match(q), this.#phaseEnd, undefined);
    if (a === undefined || this.#clocked(a) || this.#unasked(a)) return undefined;
    this.#answers++;
    return a;
  }

  /**
   * A case timeout (the adapter sent the case again first) says that a clock ran out, which the
   * machine's load can make happen to a healthy implementation: counted, never a divergence. An
   * implementation declared broken (timeouts in a row, hangs) answers as before.
   */
  #clocked(a: Answer): boolean {
    if (a.answer !== "broken" || a.problem !== "timeout" || this.#givenUpOn() !== undefined) return false;
    this.timedOut++;
    return true;
  }

  /**
   * A case the implementation was declared broken before answering (childMatcher.ts `notAsked`):
   * no verdict, counted as not run in the corpus (the generated phase counts its own from what it
   * planned, the invariants' a check cut short), the report giving the reason (stopReason).
   */
  #unasked(a: Answer): boolean {
    if (!notAsked(a)) return false;
    if (this.#phase === "corpus") this.notRun.corpus++;
    return true;
  }

  /** `work`, or `late()` once the run's deadline has passed first. */
  async beforeDeadline<T>(work: Promise<T>, late: () => Promise<T>): Promise<T> {
    const cut = Symbol("late");
    const r = await Promise.race([work, this.#cutoff(this.deadline).then(() => cut)]);
    return r === cut ? late() : (r as T);
  }

  async #bounded<T, L>(answer: Promise<T>, end: number, late: L): Promise<T | L> {
    const cut = Symbol("late");
    const r = await Promise.race([answer, this.#cutoff(end).then(() => cut)]);
    if (r !== cut) return r as T;
    this.abandoned++;
    return late;
  }

  /** Resolves at `end` or when the run is stopped; one timer per distinct end. */
  #cutoff(end: number): Promise<void> {
    let c = this.#cutoffs.get(end);
    if (c === undefined) {
      let resolve = () => {};
      const promise = new Promise<void>((r) => {
        resolve = r;
      });
      c = { promise };
      if (this.stopped) resolve();
      this.#signal?.addEventListener("abort", () => resolve(), { once: true });
      if (Number.isFinite(end)) c.timer = setTimeout(resolve, Math.max(0, end - performance.now()));
      this.#cutoffs.set(end, c);
    }
    return c.promise;
  }

  /** Clears the timers: a finished run keeps nothing alive. */
  dispose(): void {
    for (const c of this.#cutoffs.values()) clearTimeout(c.timer);
  }
}
