// An implementation as a child process speaking line protocol v1: pipelined requests answered in
// any order, a per-case timeout, restart after a crash or a hang, and the last lines of stderr
// kept for the report. A child that crashes, hangs or babbles is reported and the run goes on,
// until it has cost too much: then it is declared broken and every later case is answered
// "broken" at once (limits in ChildOptions, documented in examples/README.md).
import type { Capabilities } from "../contract/capabilities.ts";
import type { SubjectInputForm } from "../contract/protocol.ts";
import type { Query } from "../contract/query.ts";
import { boundedAnswer } from "./answerBounds.ts";
import { AnswerLatency } from "./answerLatency.ts";
import { LineChild } from "./childProcess.ts";
import type { Answer, BrokenProblem, ImplementationHealth, Matcher, ProtocolFaultKind } from "./matcher.ts";
import { MatcherStartError } from "./matcher.ts";
import { matchMessage, unsentAnswer } from "./matchMessage.ts";
import { ProtocolFaults } from "./protocolFaults.ts";
import { parseAnswer } from "./protocolMessages.ts";
import type { Ready } from "./readyLine.ts";
import { readyFrom } from "./readyLine.ts";

export interface ChildOptions {
  /** Per-case timeout (default 10 s). */
  readonly caseTimeoutMs?: number;
  /** Time to answer `start` (default 30 s: a JVM or a first Go build is slow). */
  readonly startTimeoutMs?: number;
  /** Requests in flight at once (default 1024). */
  readonly maxInFlight?: number;
  /** Restarts in all before the implementation is declared broken (default 50). */
  readonly maxRestarts?: number;
  /** Children ended because a case timed out (default 5): a hang costs a case timeout each time. */
  readonly maxHangs?: number;
  /** Cases timed out in a row, no answer between them (default 3). */
  readonly maxConsecutiveTimeouts?: number;
  /** Restarts in a row with no answer between them (default 3). */
  readonly maxFruitlessRestarts?: number;
  /** Lines that are not JSON one child may write before the implementation is declared broken (default 20). */
  readonly maxStrayLines?: number;
  /** The longest line read from a child (default 1 MiB); a longer one is a protocol fault. */
  readonly maxLineBytes?: number;
  /** Reads an answer line's message (default: protocol v1's answer; a `--module` host wraps its own). */
  readonly readAnswer?: (message: unknown) => ReturnType<typeof parseAnswer>;
  /** Send queries where the model stops too (default false): the runner has a reference there (`--reference`). */
  readonly beyondModel?: boolean;
}

const defaults = {
  caseTimeoutMs: 10_000,
  startTimeoutMs: 30_000,
  maxInFlight: 1024,
  maxRestarts: 50,
  maxHangs: 5,
  maxConsecutiveTimeouts: 3,
  maxFruitlessRestarts: 3,
  maxStrayLines: 20,
  maxLineBytes: 1 << 20,
  readAnswer: parseAnswer,
  beyondModel: false,
} as const satisfies Required<ChildOptions>;

interface Pending {
  readonly seq: number;
  readonly message: Record<string, unknown>;
  readonly resolve: (a: Answer) => void;
  timer?: NodeJS.Timeout;
  /** When it was last sent (performance.now()), for the answers' latency. */
  sentAt?: number;
  /** Sent again once, alone, after a crash or a timeout that may not have been its fault. */
  retried: boolean;
}

/** One child and what is known of it: its number, for the report, and how many stray lines it wrote. */
interface Instance {
  readonly id: number;
  readonly process: LineChild;
  stray: number;
}

export async function startChildMatcher(command: string, options: ChildOptions = {}): Promise<Matcher> {
  const session = new ChildSession(command, options);
  const ready = await session.start();
  return {
    ...ready,
    match: (q) => session.match(q, ready.input, ready.capabilities),
    close: () => session.close(),
    health: () => session.health(),
  };
}

class ChildSession {
  readonly #command: string;
  readonly #o: Required<ChildOptions>;
  #child: Instance | undefined;
  #children = 0;
  #seq = 0;
  #restarts = 0;
  #fruitlessRestarts = 0;
  /** The child was ended for a timeout, not lost to a crash: its restart is a hang's, counted as one. */
  #endedForTimeout = false;
  #hangs = 0;
  #timeouts = 0;
  #consecutiveTimeouts = 0;
  #broken: string | undefined;
  #closing = false;
  readonly #latency = new AnswerLatency();
  /** Cases sent again after a crash, alone: while any is left, one case is in flight at a time. */
  #retrying = 0;
  readonly #pending = new Map<number, Pending>();
  /** How each settled case was settled: a second answer to an answered one is a fault, a late one is not. */
  readonly #settled = new Map<number, "answered" | "lost">();
  readonly #waiting: (() => void)[] = [];
  readonly #faults = new ProtocolFaults();
  readonly #escaped: string[] = [];
  /** Children being ended: a successor is started only once they are gone. */
  readonly #ending = new Set<Promise<void>>();
  #starting: Promise<Ready> | undefined;
  #restarting: Promise<Instance | undefined> | undefined;

  constructor(command: string, o: ChildOptions) {
    this.#command = command;
    this.#o = { ...defaults, ...o };
  }

  health(): ImplementationHealth {
    return {
      children: this.#children,
      restarts: this.#restarts,
      timeouts: this.#timeouts,
      broken: this.#broken ?? null,
      faults: this.#faults.list(),
      ...(this.#escaped.length > 0 && { escaped: [...this.#escaped] }),
    };
  }

  /** Starts a child and reads its `ready` line; each child has its own handshake. */
  start(): Promise<Ready> {
    const id = ++this.#children;
    this.#starting = new Promise<Ready>((resolve, reject) => {
      let awaitingReady = true;
      const fail = (message: string) => {
        awaitingReady = false;
        clearTimeout(timer);
        this.#end(instance);
        reject(new MatcherStartError(message, instance.process.stderrTail));
      };
      const child: LineChild = new LineChild(
        this.#command,
        {
          line: (l) => {
            if (!awaitingReady) return this.#onLine(instance, l);
            awaitingReady = false;
            clearTimeout(timer);
            const parsed = readyFrom(l);
            if (parsed.ok) resolve(parsed.value);
            else fail(`the implementation answered start with ${parsed.problem}`);
          },
          overlong: (bytes) =>
            awaitingReady
              ? fail(`the implementation answered start with a line of ${bytes} bytes`)
              : this.#onStray(instance, "overlongLine", `(a line of ${bytes} bytes)`),
          exit: (how) =>
            awaitingReady ? fail(`the implementation ${how} before answering start`) : this.#abandon(instance, how),
        },
        this.#o.maxLineBytes,
      );
      const instance: Instance = { id, process: child, stray: 0 };
      const timer = setTimeout(
        () => fail(`the implementation did not answer start within ${Math.round(this.#o.startTimeoutMs)} ms`),
        this.#o.startTimeoutMs,
      );
      this.#child = instance;
      child.send({ cmd: "start", version: 1 });
    });
    return this.#starting;
  }

  async match(q: Query, input: SubjectInputForm, capabilities: Capabilities): Promise<Answer> {
    const prepared = matchMessage(q, input, capabilities, !this.#o.beyondModel);
    if (!prepared.send) return unsentAnswer(prepared);
    while (this.#broken === undefined && this.#pending.size >= (this.#retrying > 0 ? 1 : this.#o.maxInFlight)) {
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    }
    const child = this.#broken === undefined ? await this.#liveChild() : undefined;
    if (child === undefined) return this.#givenUp();
    const seq = ++this.#seq;
    return new Promise<Answer>((resolve) => {
      const pending: Pending = { seq, message: { ...prepared.message, seq }, resolve, retried: false };
      this.#pending.set(seq, pending);
      this.#send(child, pending);
    });
  }

  #givenUp(): Answer {
    return broken("notAsked", `not asked: the implementation was declared broken (${this.#broken ?? "closed"})`, []);
  }

  #send(child: Instance, p: Pending): void {
    const ms = this.#latency.timeoutMs(this.#o.caseTimeoutMs, p.retried);
    p.sentAt = performance.now();
    p.timer = setTimeout(() => this.#onTimeout(child, p, ms), ms);
    child.process.send(p.message);
  }

  #settle(p: Pending, a: Answer): void {
    clearTimeout(p.timer);
    if (!this.#pending.delete(p.seq)) return;
    this.#settled.set(p.seq, a.answer === "broken" ? "lost" : "answered");
    if (p.retried) this.#retrying--;
    p.resolve(a);
    this.#waiting.shift()?.();
  }

  #onLine(child: Instance, line: string): void {
    if (child !== this.#child) return; // a child being replaced: nothing it says counts
    const fault = this.#read(child, line);
    // A stray line (a dependency's log on stdout) is a fault of this child; its answers still count.
    if (fault === "notJson") this.#onStray(child, fault, line);
    else if (fault !== undefined) this.#faults.add(child.id, fault, line);
  }

  /** Settles the case a line answers; what the line breaks of the protocol, if anything. */
  #read(child: Instance, line: string): ProtocolFaultKind | undefined {
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      return "notJson";
    }
    if ((message as { ready?: unknown } | null)?.ready !== undefined) return "startAnsweredTwice";
    const { seq, answer } = this.#o.readAnswer(message);
    if (seq === undefined) return "missingSeq";
    const p = this.#pending.get(seq);
    if (p === undefined) {
      // A late answer to a case that timed out or crashed is no fault; one to nothing asked, or a second one, is.
      const before = this.#settled.get(seq);
      return before === undefined ? "unknownSeq" : before === "answered" ? "duplicateSeq" : undefined;
    }
    if (answer.ok) {
      this.#consecutiveTimeouts = 0;
      this.#fruitlessRestarts = 0;
      if (p.sentAt !== undefined) this.#latency.add(performance.now() - p.sentAt);
    }
    this.#settle(
      p,
      answer.ok
        ? boundedAnswer(answer.value)
        : broken("protocol", `answer ${seq} ${answer.problem}`, child.process.stderrTail),
    );
    return undefined;
  }

  #onStray(child: Instance, kind: "notJson" | "overlongLine", line: string): void {
    if (child !== this.#child) return;
    this.#faults.add(child.id, kind, line);
    if (++child.stray > this.#o.maxStrayLines)
      this.#declareBroken(
        `child ${child.id} wrote more than ${this.#o.maxStrayLines} lines that are not protocol messages`,
      );
  }

  #onTimeout(child: Instance, p: Pending, ms: number): void {
    this.#timeouts++;
    // A first timeout may be the machine's (a loaded CI runner), not the case's: the child is
    // replaced and the case sent once more, alone, with twice the time, before it counts.
    if (child === this.#child && !p.retried) {
      this.#endedForTimeout = true;
      this.#abandon(child, "was ended after a case timed out", true);
      return;
    }
    this.#settle(p, broken("timeout", `no answer within ${Math.round(ms)} ms, twice`, child.process.stderrTail));
    if (child !== this.#child) return;
    this.#hangs++;
    this.#consecutiveTimeouts++;
    if (this.#consecutiveTimeouts >= this.#o.maxConsecutiveTimeouts)
      this.#declareBroken(`${this.#consecutiveTimeouts} cases in a row got no answer in time`);
    else if (this.#hangs >= this.#o.maxHangs)
      this.#declareBroken(`it hung ${this.#hangs} times (a case timed out each time)`);
    // A hung child is replaced; what else was in flight is sent again, one at a time.
    else {
      this.#endedForTimeout = true;
      this.#abandon(child, "was ended after a case timed out");
    }
  }

  /** The runner stops asking: what is in flight and every later case is answered broken at once. */
  #declareBroken(why: string): void {
    if (this.#broken !== undefined) return;
    this.#broken = why;
    const child = this.#child;
    this.#child = undefined;
    if (child) this.#end(child);
    const tail = child?.process.stderrTail ?? [];
    // The cases in flight get no answer of their own: not run, whichever case broke the implementation.
    for (const p of [...this.#pending.values()])
      this.#settle(
        p,
        broken("notAsked", `no answer: the implementation was declared broken (${why}) while it was in flight`, tail),
      );
    for (const wake of this.#waiting.splice(0)) wake();
  }

  /** Ends a child; its successor waits until it is gone. */
  #end(child: Instance): void {
    const ending = child.process.end().then(() => sayEscaped(child, this.#escaped));
    this.#ending.add(ending);
    void ending.finally(() => this.#ending.delete(ending));
  }

  /**
   * The child is gone or being ended: later cases go to a new one, those in flight are retried
   * (a lone one too after a timeout, `retryAlone`).
   */
  #abandon(child: Instance, how: string, retryAlone = false): void {
    if (child !== this.#child) return;
    this.#child = undefined;
    this.#end(child);
    if (this.#closing) return;
    const inFlight = [...this.#pending.values()];
    // The crash may be any one case's fault: each is sent once more, alone; a second crash is its own.
    for (const p of inFlight) {
      if (p.retried || (inFlight.length === 1 && !retryAlone)) {
        this.#settle(p, broken("crashed", `the implementation ${how}`, child.process.stderrTail));
      } else {
        clearTimeout(p.timer);
        this.#pending.delete(p.seq);
        p.retried = true;
        this.#retrying++;
        void this.#resend(p);
      }
    }
  }

  async #resend(p: Pending): Promise<void> {
    while (this.#broken === undefined && this.#pending.size >= 1)
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    const child = this.#broken === undefined ? await this.#liveChild() : undefined;
    this.#pending.set(p.seq, p);
    if (child === undefined) this.#settle(p, this.#givenUp());
    else this.#send(child, p);
  }

  async #liveChild(): Promise<Instance | undefined> {
    if (this.#child && !this.#child.process.exited) {
      await this.#starting?.catch(() => undefined);
      return this.#child;
    }
    // One restart at a time, shared by every caller that found the child gone.
    this.#restarting ??= this.#restart();
    return this.#restarting;
  }

  async #restart(): Promise<Instance | undefined> {
    try {
      if (this.#restarts >= this.#o.maxRestarts) this.#declareBroken(`it was restarted ${this.#restarts} times`);
      else if (this.#fruitlessRestarts >= this.#o.maxFruitlessRestarts)
        this.#declareBroken(`it was restarted ${this.#fruitlessRestarts} times in a row without answering`);
      if (this.#broken !== undefined || this.#closing) return undefined;
      this.#restarts++;
      if (!this.#endedForTimeout) this.#fruitlessRestarts++;
      this.#endedForTimeout = false;
      await Promise.all(this.#ending); // lines of the old child are never read as the new one's
      await this.start();
      return this.#child;
    } catch {
      return undefined;
    } finally {
      this.#restarting = undefined;
    }
  }

  async close(): Promise<void> {
    this.#closing = true;
    const child = this.#child;
    this.#child = undefined;
    for (const p of [...this.#pending.values()]) this.#settle(p, broken("notAsked", "the run ended first", []));
    for (const wake of this.#waiting.splice(0)) wake();
    await Promise.all([child?.process.stop().then(() => sayEscaped(child, this.#escaped)), ...this.#ending]);
  }
}

/** Kept for the report's health, and said on the terminal at once, where the user can act on it. */
function sayEscaped(child: Instance, all: string[]): void {
  const escaped = child.process.escaped;
  all.push(...escaped);
  if (escaped.length > 0)
    process.stderr.write(
      `matchconform: child ${child.id} left ${escaped.length} processes outside its process group; killed:\n  ${escaped.join("\n  ")}\n`,
    );
}

function broken(problem: BrokenProblem, message: string, stderr: readonly string[]): Answer {
  return { answer: "broken", problem, message, stderr };
}
