// Progress while a run runs. On a terminal, one line rewritten in place; elsewhere (a CI log, a
// pipe, a file) a whole line at a steady interval, since a log shows nothing of a rewritten line
// and a silent job of twenty minutes reads as a hung one. The GitHub reporter folds each phase
// into a `::group::` of the job's log.
import type { Progress } from "./progress.ts";

export interface LiveProgressOptions {
  /** A terminal: one line rewritten in place. Otherwise whole lines, every `intervalMs`. */
  readonly tty: boolean;
  /** Raw text to the terminal (carriage returns and erase sequences included). */
  readonly write: (raw: string) => void;
  /** One whole line, where output is not a terminal. */
  readonly line: (line: string) => void;
  /** The run's deadline in performance.now() time, when it has one. */
  readonly deadline?: number | undefined;
  /** Between two lines outside a terminal (default 10 s). */
  readonly intervalMs?: number | undefined;
  /** Each phase in a `::group::` of a GitHub Actions log. */
  readonly groups?: boolean | undefined;
}

export const defaultIntervalMs = 10_000;

interface State {
  name: string;
  total: number;
  done: number;
  failures: number;
  /** Failures of the phases already over. */
  before: number;
}

/** "generated: 120/300, 3 failing · 12 divergences so far · 8 s left" */
export function progressText(s: State, now: number, deadline: number | undefined): string {
  const of = Number.isFinite(s.total) && s.total < Number.MAX_SAFE_INTEGER ? `/${s.total}` : "";
  const left = deadline === undefined ? "" : ` · ${Math.max(0, Math.round((deadline - now) / 1000))} s left`;
  const so = s.before + s.failures;
  return `${s.name}: ${s.done}${of}, ${s.failures} failing · ${so} divergence${so === 1 ? "" : "s"} so far${left}`;
}

export function liveProgress(o: LiveProgressOptions): Progress & { done(): void } {
  const s: State = { name: "", total: 0, done: 0, failures: 0, before: 0 };
  const started = performance.now();
  const interval = o.intervalMs ?? defaultIntervalMs;
  let lastDrawn = 0;
  let lastLine = started;
  let grouped = false;
  const stamp = () => `[${Math.round((performance.now() - started) / 1000)} s] `;
  // Due after an interval less a timer's jitter, so that the timer and a tick never both print one.
  const lineDue = (now: number, slack: number) => s.name !== "" && now - lastLine >= interval - slack;
  const progressLine = (now: number) => {
    lastLine = now;
    o.line(stamp() + progressText(s, now, o.deadline));
  };
  // The timer speaks when no tick comes (a hung implementation); a tick speaks when the timer cannot,
  // as when the in-process model keeps the event loop busy for a whole phase.
  const timer = o.tty
    ? undefined
    : setInterval(() => {
        const now = performance.now();
        if (lineDue(now, 50)) progressLine(now);
      }, interval);
  // A progress line never keeps a finished command alive.
  timer?.unref();
  const endGroup = () => {
    if (grouped) o.line("::endgroup::");
    grouped = false;
  };
  return {
    phase(name, total) {
      s.before += s.failures;
      Object.assign(s, { name, total, done: 0, failures: 0 });
      if (o.tty) return;
      endGroup();
      if (o.groups) {
        o.line(`::group::${name}`);
        grouped = true;
      }
      o.line(
        `${stamp()}${name}: started${Number.isFinite(total) && total < Number.MAX_SAFE_INTEGER ? `, ${total} to do` : ""}`,
      );
    },
    tick(done, failures) {
      s.done = done;
      s.failures = failures;
      const now = performance.now();
      if (!o.tty) {
        if (lineDue(now, 0)) progressLine(now);
        return;
      }
      if (now - lastDrawn < 100) return;
      lastDrawn = now;
      o.write(`\r\x1b[2K${progressText(s, now, o.deadline)}`);
    },
    done() {
      if (timer !== undefined) clearInterval(timer);
      if (o.tty) o.write("\r\x1b[2K");
      else endGroup();
    },
  };
}

/** Progress on stderr as `verify` shows it: rewritten on a terminal, a line every 10 s elsewhere. */
export function stderrProgress(deadline?: number): Progress & { done(): void } {
  return liveProgress({
    tty: process.stderr.isTTY === true,
    write: (raw) => process.stderr.write(raw),
    line: (l) => process.stderr.write(`${l}\n`),
    deadline,
  });
}
