// An implementation as a child process speaking line protocol v1: pipelined requests answered in
// any order, a per-case timeout, restart after a crash or a hang, and the last lines of stderr
// kept for the report. A child that crashes, hangs or babbles is reported and the run goes on.
import type { Capabilities } from "../contract/capabilities.ts";
import { readCapabilities } from "../contract/capabilities.ts";
import type { ImplementationInfo, SubjectInputForm } from "../contract/protocol.ts";
import type { SubjectKind } from "../contract/subject.ts";
import type { Query } from "../invariants/invariant.ts";
import type { Minor } from "../model/versions.ts";
import { isMinor } from "../model/versions.ts";
import { LineChild } from "./childProcess.ts";
import type { Answer, BrokenProblem, Matcher } from "./matcher.ts";
import { MatcherStartError } from "./matcher.ts";
import { matchMessage, unsentAnswer } from "./matchMessage.ts";
import { parseAnswer, parseReady } from "./protocolMessages.ts";

export interface ChildOptions {
  /** Per-case timeout (default 10 s). */
  readonly caseTimeoutMs?: number;
  /** Time to answer `start` (default 30 s: a JVM or a first Go build is slow). */
  readonly startTimeoutMs?: number;
  /** Requests in flight at once (default 1024). */
  readonly maxInFlight?: number;
  /** Restarts before the runner stops restarting and reports every later case as broken (default 50). */
  readonly maxRestarts?: number;
}

interface Pending {
  readonly seq: number;
  readonly message: Record<string, unknown>;
  readonly resolve: (a: Answer) => void;
  timer?: NodeJS.Timeout;
  /** Sent again once, alone, after a crash that may not have been its fault. */
  retried: boolean;
}

interface Ready {
  readonly info: ImplementationInfo;
  readonly subjects: readonly SubjectKind[];
  readonly input: SubjectInputForm;
  readonly kubernetesVersions: readonly Minor[];
  readonly capabilities: Capabilities;
}

export async function startChildMatcher(command: string, options: ChildOptions = {}): Promise<Matcher> {
  const session = new ChildSession(command, options);
  const ready = await session.start();
  return {
    ...ready,
    match: (q) => session.match(q, ready.input, ready.capabilities),
    close: () => session.close(),
  };
}

class ChildSession {
  readonly #command: string;
  readonly #caseTimeout: number;
  readonly #startTimeout: number;
  readonly #maxInFlight: number;
  readonly #maxRestarts: number;
  #child: LineChild | undefined;
  #seq = 0;
  #restarts = 0;
  #closing = false;
  /** Cases sent again after a crash, alone: while any is left, one case is in flight at a time. */
  #retrying = 0;
  readonly #pending = new Map<number, Pending>();
  readonly #waiting: (() => void)[] = [];
  #starting: Promise<Ready> | undefined;
  #restarting: Promise<LineChild | undefined> | undefined;

  constructor(command: string, o: ChildOptions) {
    this.#command = command;
    this.#caseTimeout = o.caseTimeoutMs ?? 10_000;
    this.#startTimeout = o.startTimeoutMs ?? 30_000;
    this.#maxInFlight = o.maxInFlight ?? 1024;
    this.#maxRestarts = o.maxRestarts ?? 50;
  }

  /** Starts a child and reads its `ready` line; each child has its own handshake. */
  start(): Promise<Ready> {
    this.#starting = new Promise<Ready>((resolve, reject) => {
      let awaitingReady = true;
      const fail = (message: string) => {
        awaitingReady = false;
        clearTimeout(timer);
        child.kill();
        reject(new MatcherStartError(message, child.stderrTail));
      };
      const child: LineChild = new LineChild(this.#command, {
        line: (l) => {
          if (!awaitingReady) return this.#onLine(l);
          awaitingReady = false;
          clearTimeout(timer);
          const parsed = readyFrom(l);
          if (parsed.ok) resolve(parsed.value);
          else fail(`the implementation answered start with ${parsed.problem}`);
        },
        exit: (how) =>
          awaitingReady ? fail(`the implementation ${how} before answering start`) : this.#onExit(child, how),
      });
      const timer = setTimeout(
        () => fail(`the implementation did not answer start within ${this.#startTimeout} ms`),
        this.#startTimeout,
      );
      this.#child = child;
      child.send({ cmd: "start", version: 1 });
    });
    return this.#starting;
  }

  async match(q: Query, input: SubjectInputForm, capabilities: Capabilities): Promise<Answer> {
    const prepared = matchMessage(q, input, capabilities);
    if (!prepared.send) return unsentAnswer(prepared);
    while (this.#pending.size >= (this.#retrying > 0 ? 1 : this.#maxInFlight)) {
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    }
    const child = await this.#liveChild();
    if (child === undefined)
      return broken("crashed", `the implementation was restarted ${this.#maxRestarts} times; no more restarts`, []);
    const seq = ++this.#seq;
    return new Promise<Answer>((resolve) => {
      const pending: Pending = { seq, message: { ...prepared.message, seq }, resolve, retried: false };
      this.#pending.set(seq, pending);
      this.#send(child, pending);
    });
  }

  #send(child: LineChild, p: Pending): void {
    p.timer = setTimeout(() => this.#onTimeout(p), this.#caseTimeout);
    child.send(p.message);
  }

  #settle(p: Pending, a: Answer): void {
    clearTimeout(p.timer);
    if (!this.#pending.delete(p.seq)) return;
    if (p.retried) this.#retrying--;
    p.resolve(a);
    this.#waiting.shift()?.();
  }

  #onLine(line: string): void {
    const child = this.#child;
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      // Babbling: every case in flight is lost; the child is replaced.
      const text = line.length > 200 ? `${line.slice(0, 200)}…` : line;
      this.#failAll("garbage", `the implementation wrote a line that is not JSON: ${JSON.stringify(text)}`);
      if (child) this.#abandon(child, "was ended after writing a line that is not JSON");
      return;
    }
    const { seq, answer } = parseAnswer(message);
    const p = seq === undefined ? undefined : this.#pending.get(seq);
    if (p === undefined) return; // an answer to nothing in flight (already timed out): ignored
    this.#settle(
      p,
      answer.ok ? answer.value : broken("protocol", `answer ${seq} ${answer.problem}`, child?.stderrTail ?? []),
    );
  }

  #onTimeout(p: Pending): void {
    const child = this.#child;
    this.#settle(p, broken("timeout", `no answer within ${this.#caseTimeout} ms`, child?.stderrTail ?? []));
    // A hung child is replaced; what else was in flight is sent again, one at a time.
    if (child) this.#abandon(child, `was ended after a case timed out`);
  }

  #onExit(child: LineChild, how: string): void {
    this.#abandon(child, how);
  }

  /** The child is gone or being ended: later cases go to a new one, those in flight are retried. */
  #abandon(child: LineChild, how: string): void {
    if (child !== this.#child) return;
    this.#child = undefined;
    child.kill();
    if (this.#closing) return;
    const inFlight = [...this.#pending.values()];
    if (inFlight.length === 0) return;
    // The crash may be any one case's fault: each is sent once more, alone; a second crash is its own.
    for (const p of inFlight) {
      if (p.retried || inFlight.length === 1) {
        this.#settle(p, broken("crashed", `the implementation ${how}`, child.stderrTail));
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
    while (this.#pending.size >= 1) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    const child = await this.#liveChild();
    this.#pending.set(p.seq, p);
    if (child === undefined) this.#settle(p, broken("crashed", "the implementation could not be restarted", []));
    else this.#send(child, p);
  }

  async #liveChild(): Promise<LineChild | undefined> {
    if (this.#child && !this.#child.exited) {
      await this.#starting;
      return this.#child;
    }
    // One restart at a time, shared by every caller that found the child gone.
    if (this.#restarting === undefined) {
      if (this.#restarts >= this.#maxRestarts) return undefined;
      this.#restarts++;
      this.#restarting = this.start().then(
        () => this.#child,
        () => undefined,
      );
      void this.#restarting.finally(() => {
        this.#restarting = undefined;
      });
    }
    return this.#restarting;
  }

  #failAll(problem: BrokenProblem, message: string): void {
    const tail = this.#child?.stderrTail ?? [];
    for (const p of [...this.#pending.values()]) this.#settle(p, broken(problem, message, tail));
  }

  async close(): Promise<void> {
    this.#closing = true;
    await this.#child?.stop();
  }
}

function broken(problem: BrokenProblem, message: string, stderr: readonly string[]): Answer {
  return { answer: "broken", problem, message, stderr };
}

function readyFrom(line: string): { ok: true; value: Ready } | { ok: false; problem: string } {
  let message: unknown;
  try {
    message = JSON.parse(line);
  } catch {
    return { ok: false, problem: `a line that is not JSON: ${JSON.stringify(line.slice(0, 200))}` };
  }
  const ready = parseReady(message);
  if (!ready.ok) return { ok: false, problem: `a ready message that ${ready.problem}` };
  const r = ready.value;
  return {
    ok: true,
    value: {
      info: r.implementation,
      subjects: r.subjects,
      input: r.input ?? "manifest",
      kubernetesVersions: r.kubernetesVersions.filter(isMinor),
      capabilities: readCapabilities(r),
    },
  };
}
