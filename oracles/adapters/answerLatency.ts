// How long a child takes to answer, so that its case timeout follows the machine: on a loaded
// runner a pipelined child's answers wait in its queue, and a fixed 10 s would call a healthy child
// hung and turn the clock into a verdict. The timeout is the configured one, or a multiple of the
// answers' recent latency when that is larger, up to a cap; a retried case gets twice that.

/** The recent latency times this: the slowest of a queue of answers waits about twice the mean. */
const headroom = 5;
/** The timeout never grows past this many times the configured one: a hang still ends. */
const cap = 10;
/** Weight of the newest answer in the running mean. */
const weight = 0.1;

export class AnswerLatency {
  #meanMs: number | undefined;

  /** One answer came `ms` after its case was sent. */
  add(ms: number): void {
    this.#meanMs = this.#meanMs === undefined ? ms : (1 - weight) * this.#meanMs + weight * ms;
  }

  /** The time a case gets: `caseTimeoutMs`, or more while answers come slowly; twice it when `retried`. */
  timeoutMs(caseTimeoutMs: number, retried: boolean): number {
    const scaled = Math.min(cap * caseTimeoutMs, Math.max(caseTimeoutMs, headroom * (this.#meanMs ?? 0)));
    return retried ? 2 * scaled : scaled;
  }
}
