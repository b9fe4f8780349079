// Whether a run did the work its profile promises, and the exit code that follows (issue 19): a run
// cut short of its minimum by the clock is neither green (0) nor "divergence found" (1) but 3,
// incomplete, with how much was done of what was promised.
import type { Bucket, Completion, ExitCode, IncompleteCause, Shortfall } from "../../reports/runReport.ts";
import type { RunBudget } from "./options.ts";

/** What the phases did, against what was theirs to do. */
export interface WorkDone {
  /** Corpus tests inside the implementation's scope, and how many were answered. */
  readonly corpus: { readonly done: number; readonly inScope: number };
  /** Generated scenarios answered; `inScope` false when the claimed scope left nothing to generate. */
  readonly generated: { readonly done: number; readonly inScope: boolean };
  /** Samples drawn for each invariant before its phase ended; empty when nothing was in scope. */
  readonly invariantSamples: readonly number[];
  readonly buckets: readonly Bucket[];
}

/** How the run went as a process: what stopped it early, and what the implementation answered. */
export interface RunEnd {
  /** Why the run was interrupted (a signal), if it was. */
  readonly interrupted?: string | undefined;
  /** Why the implementation was declared broken, if it was. */
  readonly broken?: string | undefined;
  /** That the implementation answered a query two ways (suites/run/inconsistent.ts), if it did. */
  readonly inconsistent?: string | undefined;
  /** Was it the real server that answered (verify)? Then answering a query two ways is the server's fault, not a bad input. */
  readonly server?: boolean;
  readonly answered: number;
  /** Answers that were crashes, hangs or protocol faults. */
  readonly failures: number;
  /** Questions asked whose answer had not come when the time ran out. */
  readonly abandoned: number;
  /**
   * Questions that got no answer within the case timeout, even sent again with twice the time:
   * the clock's, not the implementation's (runContext.ts), and so no verdict.
   */
  readonly timedOut?: number;
  /** The time limit, ms (Infinity: none), counted from the implementation's ready. */
  readonly timeLimitMs: number;
  /** Was the time limit only a ceiling over fixed work (options.ts Pacing `work`)? */
  readonly ceiling?: boolean;
  /** Loading the cases and starting the implementation, ms. */
  readonly startUpMs: number;
  /** The machine's load, for a reason that blames the clock: "load average 24.1 on 2 cores". */
  readonly machine?: string;
}

export function completionOf(budget: RunBudget, work: WorkDone, end: RunEnd): Completion {
  const shortfalls = shortfallsOf(budget, work);
  const unusable = implementationFault(end, shortfalls.length > 0);
  const incomplete = (cause: IncompleteCause, reason: string): Completion => ({
    status: "incomplete",
    cause,
    reason,
    shortfalls,
  });
  if (end.interrupted !== undefined) return incomplete("interrupted", `interrupted by ${end.interrupted}`);
  if (end.server && end.inconsistent !== undefined) return incomplete("unreliableServer", end.inconsistent);
  if (unusable !== undefined) return incomplete("implementation", unusable);
  if ((end.timedOut ?? 0) > 0) return incomplete("caseTimeout", caseTimeoutReason(shortfalls, end));
  if (shortfalls.length === 0) return { status: "complete" };
  return incomplete("timeLimit", clockReason(shortfalls, end));
}

/**
 * 2 when the implementation could not be used (or never started), 4 when the real server answered
 * a query two ways (no verdict of its holds), 1 when something diverges, 3 when the promised work
 * was not done for want of time or because a signal stopped the run (the CLI turns the latter into
 * 130 or 143), else 0.
 */
export function exitCodeOf(completion: Completion, buckets: readonly Bucket[]): ExitCode {
  if (completion.status === "incomplete" && completion.cause === "implementation") return 2;
  if (completion.status === "incomplete" && completion.cause === "unreliableServer") return 4;
  if (buckets.some((b) => b.expectedFailure === undefined)) return 1;
  if (completion.status === "complete") return 0;
  switch (completion.cause) {
    case "timeLimit":
    case "caseTimeout":
    case "interrupted":
      return 3;
    case "startUp":
    case "implementation":
      return 2;
    case "unreliableServer":
      return 4;
  }
}

/** Why the implementation could not be used; `clockCut`: the time limit left work undone. */
function implementationFault(end: RunEnd, clockCut: boolean): string | undefined {
  if (end.inconsistent !== undefined) return end.inconsistent;
  if (end.broken !== undefined) return `the implementation was declared broken: ${end.broken}`;
  if (end.answered === 0 && end.abandoned === 0 && !clockCut)
    return "nothing was asked: no corpus test, scenario or invariant check lies inside what the implementation declares";
  if (end.answered === 0 && end.abandoned > 0)
    return `the implementation answered nothing in time (${end.abandoned} questions abandoned)`;
  if (end.answered > 0 && end.failures === end.answered)
    return "the implementation gave no usable answer (every one crashed, hung or broke the protocol)";
  return undefined;
}

function shortfallsOf(budget: RunBudget, work: WorkDone): Shortfall[] {
  const floorGenerated = Math.min(budget.minimum?.generated ?? budget.numRuns, budget.numRuns);
  const floorSamples = Math.min(budget.minimum?.invariantSamples ?? budget.invariantRuns, budget.invariantRuns);
  const reducible = work.buckets.filter((b) => b.reduction.why !== "reduction is off for this run");
  const timedOut = reducible.filter(
    (b) => b.reduction.status === "unreduced" && /time limit/.test(b.reduction.why ?? ""),
  );
  const all: Shortfall[] = [
    { work: "corpus", done: work.corpus.done, promised: work.corpus.inScope },
    { work: "generated", done: work.generated.done, promised: work.generated.inScope ? floorGenerated : 0 },
    {
      work: "invariants",
      done: work.invariantSamples.filter((n) => n >= floorSamples).length,
      promised: work.invariantSamples.length,
    },
    { work: "reduction", done: reducible.length - timedOut.length, promised: reducible.length },
  ];
  return all.filter((s) => s.done < s.promised);
}

const units: Record<Shortfall["work"], string> = {
  corpus: "corpus tests",
  generated: "generated scenarios (the floor)",
  invariants: "invariants with their floor of samples",
  reduction: "causes reduced",
};

/** "the time limit (20 s from the implementation's ready) ran out first: 0 of 674 corpus tests, …" */
function clockReason(shortfalls: readonly Shortfall[], end: RunEnd): string {
  const from = `${seconds(end.timeLimitMs)} from the implementation's ready`;
  const limit = !Number.isFinite(end.timeLimitMs)
    ? ""
    : end.ceiling
      ? `a ceiling against a hang, ${from}; the run's work is fixed by its seed and profile, and was not all done`
      : from;
  const done = shortfalls.map((s) => `${s.done} of ${s.promised} ${units[s.work]}`).join(", ");
  const context = [`start-up took ${seconds(end.startUpMs)} before it`, end.machine].filter(Boolean).join("; ");
  return `the time limit${limit ? ` (${limit})` : ""} ran out before the promised work was done: ${done} (${context})`;
}

/** "3 questions got no answer within the case timeout …": the clock named, and what it left undone. */
function caseTimeoutReason(shortfalls: readonly Shortfall[], end: RunEnd): string {
  const n = end.timedOut ?? 0;
  const done = shortfalls.map((s) => `${s.done} of ${s.promised} ${units[s.work]}`).join(", ");
  return `the case timeout (a clock, --case-timeout) ran out on ${n} question${n === 1 ? "" : "s"}, each sent again with twice the time first; on a loaded machine a healthy implementation can miss it, so they decide nothing${done ? `: ${done}` : ""} (${end.machine ?? "the machine's load unknown"}; raise --case-timeout, or run where the load is lower)`;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}

/**
 * Why a child that never became ready ended the run, naming start-up when its own budget ran out
 * (on a loaded machine a healthy child can be slow to start: the budget is what to raise), and the
 * implementation otherwise (it exited, or answered start with something else).
 */
export function startUpFailure(message: string, budgetMs: number): string {
  return /did not answer start within/.test(message)
    ? `start-up did not end within its budget of ${seconds(budgetMs)}: ${message}`
    : message;
}
