// How a run's time limit is shared out between its phases, and the figures it is reckoned in.
/**
 * How the run's time limit (`--time-limit`, RunBudget.timeLimitMs) is shared out in time pacing (in
 * work pacing it is not: it is a ceiling for the whole run, options.ts Pacing). The limit counts
 * from the implementation's ready (start-up has its own budget, options.ts's startUpBudgetMs, so
 * that a slow start on a loaded machine no longer eats the phases' time): each phase stops asking
 * once its fraction of the limit has passed, so what one phase leaves unused goes to the next, and
 * the reduction of buckets gets what is left, at least the last 20 %, more when the causes found so
 * far need it (RunContext.reductionReserveMs). Work a phase could not ask in time is counted as "not
 * run: time limit".
 */
export const phaseEnds = { corpus: 0.3, generated: 0.6, invariants: 0.8, reduction: 1 } as const;
export type RunPhase = keyof typeof phaseEnds;

/**
 * Questions each phase keeps in flight at the implementation: enough to fill a pipelining child,
 * few enough that a phase stops near its share of the time (256 queued past the reduction's reserve).
 */
export const questionsInFlight = 64;

/** What a run may take past its limit: the last answers abandoned, the reports written, the child stopped. */
export const graceMs = 5000;

/**
 * Calls to the implementation a cause's reduction is expected to take (the reductions of the
 * simple matcher's miniatures take 40 to 200, probes included): what the reserve for reduction is
 * counted in.
 */
export const callsPerReduction = 150;

/**
 * Calls the behaviour probes take on one raw example (some twenty probes, most of which do not apply
 * or ask once or twice): the reserve a run under a ceiling keeps for them.
 */
export const callsPerProbe = 30;

/** The phases keep at least this share of the time limit, however many causes wait for reduction. */
export const phasesShare = 0.3;
