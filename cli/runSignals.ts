// How `matchconform run` ends whatever the implementation does: SIGINT or SIGTERM stop the run,
// which then writes a partial report, and closing the implementation has a time limit of its own.
import type { Matcher } from "../oracles/adapters/matcher.ts";
import type { InterruptSignal } from "./interrupt.ts";
import { interruptExitCodes } from "./interrupt.ts";

/** Closing may hang too (a module's close, a child that will not die): the run ends regardless. */
export async function closeWithin(m: Matcher, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  await Promise.race([m.close().catch(() => {}), late]);
  clearTimeout(timer);
}

/**
 * SIGINT or SIGTERM: the run asks nothing more and writes a partial report that says so, then exits
 * 130 or 143. A second signal exits at once.
 */
export interface Interrupts {
  readonly signal: AbortSignal;
  received(): InterruptSignal | undefined;
  dispose(): void;
}

export function onSignals(err: (line: string) => void): Interrupts {
  const controller = new AbortController();
  let received: InterruptSignal | undefined;
  const handle = (s: InterruptSignal) => {
    if (received !== undefined) {
      err(`matchconform: ${s} again: exiting without a report`);
      process.exit(interruptExitCodes[s]);
    }
    received = s;
    err(`matchconform: ${s}: stopping; writing a partial report (${s} again: exit now)`);
    controller.abort(s);
  };
  const listeners = { SIGINT: () => handle("SIGINT"), SIGTERM: () => handle("SIGTERM") } as const;
  for (const [s, l] of Object.entries(listeners)) process.on(s, l);
  return {
    signal: controller.signal,
    received: () => received,
    dispose: () => {
      for (const [s, l] of Object.entries(listeners)) process.off(s, l);
    },
  };
}

/**
 * The implementation once it has started, or the signal that came first: a start handshake may
 * take the whole start-up budget, and a user who interrupts it does not wait for it. One that
 * starts after all is closed.
 */
export async function startedUnlessInterrupted(
  opening: Promise<Matcher>,
  i: Interrupts,
): Promise<Matcher | InterruptSignal> {
  const signalled = new Promise<InterruptSignal>((resolve) => {
    const stopped = () => resolve(i.received() ?? "SIGTERM");
    if (i.signal.aborted) stopped();
    else i.signal.addEventListener("abort", stopped, { once: true });
  });
  const first = await Promise.race([opening, signalled]);
  if (typeof first === "string") void opening.then((m) => closeWithin(m, 4000)).catch(() => {});
  return first;
}
