// SIGINT and SIGTERM during a run: nothing more is asked, the clean-up runs once, the message says
// what was interrupted, and the exit code is 128 + the signal's number; a second signal exits at once.
import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import type { Answer, Matcher } from "../oracles/adapters/matcher.ts";
import { fullCapabilities } from "../oracles/contract/capabilities.ts";
import type { Query } from "../oracles/contract/query.ts";
import type { InterruptHandling } from "./interrupt.ts";
import { onInterrupt } from "./interrupt.ts";

function fakeMatcher(): Matcher & { readonly asked: () => number } {
  let asked = 0;
  return {
    asked: () => asked,
    info: { name: "fake", version: "0", language: "typescript" },
    subjects: ["MatchResources"],
    input: "manifest",
    kubernetesVersions: ["1.37"],
    capabilities: fullCapabilities,
    match: async (): Promise<Answer> => {
      asked++;
      return { answer: "outcome", outcome: { outcome: "noMatch" } };
    },
    close: async () => {},
  };
}

function setUp(o: Partial<InterruptHandling> = {}) {
  const signals = new EventEmitter();
  const lines: string[] = [];
  let cleanUps = 0;
  let exit: (code: number) => void = () => {};
  const exited = new Promise<number>((resolve) => {
    exit = resolve;
  });
  const interrupts = onInterrupt({
    describe: (where) => `the fake run ${where}`,
    cleanUp: async () => {
      cleanUps++;
      return [];
    },
    err: (l) => lines.push(l),
    exit: (code) => exit(code),
    signals,
    ...o,
  });
  return { signals, lines, exited, interrupts, cleanUps: () => cleanUps };
}

const q = {} as Query;

describe("onInterrupt", () => {
  it.each([
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const)("%s cleans up once and exits %i", async (signal, code) => {
    const t = setUp();
    t.signals.emit(signal);
    expect(await t.exited).toBe(code);
    expect(t.cleanUps()).toBe(1);
    expect(t.lines[0]).toContain(`${signal}: interrupted the fake run before the first phase`);
    expect(t.lines.at(-1)).toContain("nothing is left behind");
  });

  it("asks nothing more once interrupted: a query then is never answered", async () => {
    const t = setUp();
    const m = fakeMatcher();
    const guarded = t.interrupts.guard(m);
    expect((await guarded.match(q)).answer).toBe("outcome");
    t.signals.emit("SIGINT");
    const late = await Promise.race([guarded.match(q), new Promise((r) => setTimeout(() => r("unanswered"), 50))]);
    expect(late).toBe("unanswered");
    expect(m.asked()).toBe(1);
  });

  it("says the phase the run was in, and clears the progress line first", async () => {
    const t = setUp();
    const written: string[] = [];
    const p = t.interrupts.track({
      phase: (_name: string, _total: number) => {},
      tick: (_done: number, _failures: number) => {},
      done: () => written.push("cleared"),
    });
    p.phase("generated", Number.MAX_SAFE_INTEGER);
    p.tick(512, 3);
    t.signals.emit("SIGTERM");
    await t.exited;
    expect(written).toEqual(["cleared"]);
    expect(t.lines[0]).toContain("in the generated phase (512 done, 3 failing)");
  });

  it("exits at once on a second signal, before the clean-up ends", async () => {
    const t = setUp({ cleanUp: () => new Promise(() => {}) });
    t.signals.emit("SIGINT");
    t.signals.emit("SIGINT");
    expect(await t.exited).toBe(130);
    expect(t.lines[1]).toContain("SIGINT again");
  });

  it("reports a clean-up that fails or takes too long, and exits all the same", async () => {
    const failing = setUp({ cleanUp: () => Promise.reject(new Error("connection refused")) });
    failing.signals.emit("SIGINT");
    expect(await failing.exited).toBe(130);
    expect(failing.lines.at(-1)).toContain("the clean-up failed: connection refused");
    const slow = setUp({ cleanUp: () => new Promise(() => {}), cleanUpTimeoutMs: 20 });
    slow.signals.emit("SIGTERM");
    expect(await slow.exited).toBe(143);
    expect(slow.lines.at(-1)).toContain("did not end within 20 ms");
  });

  it("reports what is left behind", async () => {
    const t = setUp({ cleanUp: async () => ["namespaces/mc-1-x"] });
    t.signals.emit("SIGINT");
    await t.exited;
    expect(t.lines.at(-1)).toBe("matchconform: left behind: namespaces/mc-1-x");
  });

  it("leaves the signals alone once disposed", () => {
    const t = setUp();
    t.interrupts.dispose();
    expect(t.signals.listenerCount("SIGINT") + t.signals.listenerCount("SIGTERM")).toBe(0);
  });
});
