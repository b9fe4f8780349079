// What a run against a server does on SIGINT or SIGTERM: it asks nothing more, lets the batches in
// flight end, removes what it created, says what was interrupted and what is left, and exits
// 128 + the signal's number (130, 143), as a shell reports a command a signal ended. A second
// signal exits at once: the next run removes the rest once this run's lease has expired.
import type { Answer, Matcher } from "../oracles/adapters/matcher.ts";
import { declaredBy } from "../oracles/adapters/matcher.ts";
import type { Progress } from "../reports/progress.ts";

export const interruptExitCodes = { SIGINT: 130, SIGTERM: 143 } as const;
export type InterruptSignal = keyof typeof interruptExitCodes;

export interface InterruptHandling {
  /** What is under way, for the message, given the phase the run is in. */
  readonly describe: (where: string) => string;
  /** Stops the run and removes what it created; what is still there. */
  readonly cleanUp: () => Promise<readonly string[]>;
  readonly err: (line: string) => void;
  /** How long the clean-up may take, ms (default 60 s). */
  readonly cleanUpTimeoutMs?: number;
  readonly exit?: (code: number) => void;
  /** Where the signals come from (default: the process). */
  readonly signals?: Pick<NodeJS.EventEmitter, "on" | "off">;
}

export interface Interrupts {
  readonly signal: InterruptSignal | undefined;
  /** The matcher as the run asks it: once interrupted, a query is never answered, so the run stops where it is. */
  guard(m: Matcher): Matcher;
  /** The progress as the run reports it, recorded for the message. */
  track<P extends Progress>(p: P): P;
  /** Back to the default handling of the signals. */
  dispose(): void;
}

export function onInterrupt(h: InterruptHandling): Interrupts {
  const exit = h.exit ?? ((code: number) => process.exit(code));
  const signals = h.signals ?? process;
  let signal: InterruptSignal | undefined;
  let where = "before the first phase";
  let clearProgress = () => {};
  const handle = (s: InterruptSignal) => {
    if (signal !== undefined) {
      h.err(`matchconform: ${s} again: exiting before the clean-up is done; the next run removes the rest`);
      exit(interruptExitCodes[s]);
      return;
    }
    signal = s;
    clearProgress();
    h.err(`matchconform: ${s}: interrupted ${h.describe(where)}; removing what the run created (${s} again: exit now)`);
    const timeoutMs = h.cleanUpTimeoutMs ?? 60_000;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`it did not end within ${timeoutMs} ms`)), timeoutMs);
    });
    Promise.race([h.cleanUp(), late])
      .then((left) =>
        h.err(
          left.length === 0
            ? "matchconform: removed what the run created; nothing is left behind"
            : `matchconform: left behind: ${left.join(", ")}`,
        ),
      )
      .catch((e: Error) => h.err(`matchconform: the clean-up failed: ${e.message}; the next run removes the rest`))
      .finally(() => {
        clearTimeout(timer);
        exit(interruptExitCodes[s]);
      });
  };
  const listeners = { SIGINT: () => handle("SIGINT"), SIGTERM: () => handle("SIGTERM") } as const;
  for (const [s, l] of Object.entries(listeners)) signals.on(s, l);
  return {
    get signal() {
      return signal;
    },
    guard: (m) => ({
      ...declaredBy(m),
      match: (q) => (signal === undefined ? m.match(q) : new Promise<Answer>(() => {})),
      close: () => m.close(),
    }),
    track: (p) => {
      let phase = "";
      let total = 0;
      // A terminal's progress line is cleared before the message.
      const done = (p as { done?: () => void }).done;
      if (done) clearProgress = () => done.call(p);
      return {
        ...p,
        phase(name: string, t: number) {
          phase = name;
          total = t;
          where = `in the ${name} phase`;
          p.phase(name, t);
        },
        tick(done: number, failures: number) {
          const of = Number.isFinite(total) && total < Number.MAX_SAFE_INTEGER ? `/${total}` : "";
          where = `in the ${phase} phase (${done}${of} done, ${failures} failing)`;
          p.tick(done, failures);
        },
      };
    },
    dispose: () => {
      for (const [s, l] of Object.entries(listeners)) signals.off(s, l);
    },
  };
}
