// Progress outside a terminal is a line at a steady interval (a CI log shows no rewritten line);
// on a terminal it is one line rewritten in place, and nothing else.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { liveProgress } from "./liveProgress.ts";

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "performance"] });
});
afterEach(() => {
  vi.useRealTimers();
});

function collect(tty: boolean, groups = false) {
  const lines: string[] = [];
  const raw: string[] = [];
  const p = liveProgress({
    tty,
    write: (s) => raw.push(s),
    line: (l) => lines.push(l),
    deadline: performance.now() + 60_000,
    intervalMs: 1000,
    groups,
  });
  return { p, lines, raw };
}

describe("liveProgress outside a terminal", () => {
  it("prints a line per interval: phase, done/total, failures, divergences so far, time left", () => {
    const { p, lines, raw } = collect(false);
    p.phase("corpus", 10);
    p.tick(4, 1);
    vi.advanceTimersByTime(1000);
    p.tick(10, 2);
    p.phase("generated", 300);
    p.tick(120, 3);
    vi.advanceTimersByTime(1000);
    vi.advanceTimersByTime(1000);
    p.done();
    vi.advanceTimersByTime(5000);
    expect(lines).toEqual([
      "[0 s] corpus: started, 10 to do",
      "[1 s] corpus: 4/10, 1 failing · 1 divergence so far · 59 s left",
      "[1 s] generated: started, 300 to do",
      "[2 s] generated: 120/300, 3 failing · 5 divergences so far · 58 s left",
      "[3 s] generated: 120/300, 3 failing · 5 divergences so far · 57 s left",
    ]);
    expect(raw).toEqual([]);
  });

  it("prints the line from a tick when the timer cannot fire (an event loop kept busy)", () => {
    vi.useRealTimers();
    vi.useFakeTimers({ toFake: ["performance"] });
    const { p, lines } = collect(false);
    p.phase("generated", 300);
    p.tick(10, 0);
    vi.advanceTimersByTime(1200);
    p.tick(100, 1);
    p.tick(101, 1);
    vi.advanceTimersByTime(1000);
    p.tick(200, 2);
    p.done();
    expect(lines).toEqual([
      "[0 s] generated: started, 300 to do",
      "[1 s] generated: 100/300, 1 failing · 1 divergence so far · 59 s left",
      "[2 s] generated: 200/300, 2 failing · 2 divergences so far · 58 s left",
    ]);
  });

  it("folds each phase into a GitHub log group", () => {
    const { p, lines } = collect(false, true);
    p.phase("corpus", 1);
    p.phase("generated", Number.MAX_SAFE_INTEGER);
    p.done();
    expect(lines).toEqual([
      "::group::corpus",
      "[0 s] corpus: started, 1 to do",
      "::endgroup::",
      "::group::generated",
      "[0 s] generated: started",
      "::endgroup::",
    ]);
  });
});

describe("liveProgress on a terminal", () => {
  it("rewrites one line, at most every 100 ms, and clears it at the end; no whole lines", () => {
    const { p, lines, raw } = collect(true);
    p.phase("corpus", 10);
    vi.advanceTimersByTime(200);
    p.tick(1, 0);
    p.tick(2, 0);
    vi.advanceTimersByTime(200);
    p.tick(3, 1);
    p.done();
    expect(raw).toEqual([
      "\r\x1b[2Kcorpus: 1/10, 0 failing · 0 divergences so far · 60 s left",
      "\r\x1b[2Kcorpus: 3/10, 1 failing · 1 divergence so far · 60 s left",
      "\r\x1b[2K",
    ]);
    expect(lines).toEqual([]);
  });
});
