// The chaos matrix: the real CLI against one small faulty child per fault. Whatever the child
// does, the run ends within its time limit plus the grace, writes every report, exits with the
// code the fault calls for, and leaves no process of the child behind.
//
// What a run reports must not depend on the machine's load: a child that goes on answering is given
// fixed work (--profile quick --num-runs), which its run ends on, under a ceiling against a hang
// far beyond it. Only the faults whose run the clock has to end (a child that hangs, answers too
// late or never starts) get a short time limit, and the test about them is about the clock: the
// run ends within the limit, the grace and a slack measured now, not a fixed figure.
import { beforeAll, describe, expect, it } from "vitest";
import type { Fault, FaultRun } from "./chaos/runFault.ts";
import { cpuStretch, faults, matrixOptions, moduleFaults, pooled, runFault } from "./chaos/runFault.ts";
import { graceMs } from "./runContext.ts";

const timeLimitS = 15;
/**
 * Past the limit and the grace, a run may still be doing CPU work (writing five reports, ending the
 * child, exiting; for a child that never started, the CLI's own start-up): on a loaded machine that
 * work takes its CPU time stretched by the load. The slack is the run's own CPU time (read from
 * /proc) times the stretch measured now (cpuStretch, sampled every 5 s while the matrix runs, the
 * largest), half as much again for the load's swings between samples, and at least 3 s. Waiting costs no CPU, so a
 * run that hangs past its limit still fails, however loaded the machine.
 */
function slackS(r: FaultRun): number {
  return Math.max(3, 1.5 * stretch * r.cpuSeconds);
}
/** What the slack of `r` is made of, for the message of a run that took longer. */
function slackWhy(r: FaultRun): string {
  return `slack ${slackS(r).toFixed(1)} s: ${r.cpuSeconds.toFixed(1)} s of CPU stretched ${stretch.toFixed(1)} times`;
}
/** The whole matrix's ceiling against a hang of the test itself, 3 runs at a time: not a measure of it. */
const matrixTimeoutMs = 40 * 60_000;

/** 1: the run went on and found the noMatch answers wrong; 2: the child could not be used. */
const exitCodes: Record<Fault, readonly number[]> = {
  "hang-after": [1, 2], // declared broken after 5 hangs, unless the time ends first
  "exit-mid-batch": [1, 2], // restarted each time, declared broken after 50 restarts if that comes first
  "exit-after-ready": [2], // 3 restarts in a row without an answer
  "no-start": [2],
  "start-twice": [1],
  "start-garbage": [2],
  "stray-line": [1],
  babble: [2], // more than 20 stray lines
  "unknown-seq": [1],
  "duplicate-seq": [1],
  "missing-seq": [1, 2], // unattributable answers time out, as a hang does
  "huge-line": [1],
  "close-stdout": [1, 2], // like exit-mid-batch
  "flood-stderr": [1],
  "ignore-stop": [1],
  grandchild: [1],
  slow: [1, 2], // as a hang
  "fewer-subjects": [1],
  "fewer-minors": [2], // asked about 1.37, declares 1.36
  "setsid-daemon": [1], // found by its environment marker and killed
  "huge-skips": [1, 2], // distinct 50 KB skip messages: cut and counted, not kept whole
  flip: [2], // answers by a counter: the same query answered two ways
  // A --module runs in a child of the runner: its faults are a child's.
  "module-exit": [1, 2], // as exit-mid-batch
  "module-reject": [1], // each such case answered broken, the run goes on
  "module-throw-null": [1],
  "module-endless-loop": [1, 2], // as hang-after
  "module-unsettled": [1, 2],
  "module-top-level-await": [2], // never answers start
};

const all = [...faults, ...moduleFaults];

let runs: FaultRun[] = [];
let interrupted: FaultRun;
let interruptedModule: FaultRun;
/** How much the machine's load stretches CPU work, the largest sampled while the matrix ran. */
let stretch = 1;

beforeAll(async () => {
  // Sampled while the matrix runs, so that its own runs' load is in the figure.
  let matrixDone = false;
  const sampler = (async () => {
    while (!matrixDone) {
      stretch = Math.max(stretch, await cpuStretch());
      await new Promise((resolve) => setTimeout(resolve, 5000));
    }
  })();
  const done = await pooled([...all, "interrupted" as const, "interrupted module" as const], 3, (f) =>
    f === "interrupted" || f === "interrupted module"
      ? runFault(f === "interrupted" ? "hang-after" : "module-endless-loop", {
          timeLimit: `${timeLimitS}s`,
          caseTimeout: "1s",
          sigtermAfterMs: 2000,
        })
      : runFault(f, matrixOptions(f, timeLimitS)),
  );
  matrixDone = true;
  await sampler;
  interruptedModule = done.pop() as FaultRun;
  interrupted = done.pop() as FaultRun;
  runs = done;
}, matrixTimeoutMs);

describe("a run against a faulty implementation", () => {
  it.each(all.map((f, i) => [f, i] as const))("%s: ends in time, with a report, nothing left", (fault, i) => {
    const r = runs[i] as FaultRun;
    expect(r.fault).toBe(fault);
    expect(exitCodes[fault], r.stderr).toContain(r.exitCode);
    expect(r.missing, `report files missing; the CLI's stderr:\n${r.stderr}`).toEqual([]);
    const limitS = matrixOptions(fault, timeLimitS).limitS;
    expect(r.seconds, slackWhy(r)).toBeLessThan(limitS + graceMs / 1000 + slackS(r));
    expect(r.leftBehind).toEqual([]);
    // Every message an implementation gives is cut and the distinct ones are bounded.
    expect(r.largestReport).toBeLessThan(5 * 1024 * 1024);
  });

  it.each([
    ["a child that hangs", () => interrupted],
    ["a module in an endless loop", () => interruptedModule],
  ])("interrupted by SIGTERM (%s): exits 143 within the grace, with a partial report that says so", (_, run) => {
    const r = run();
    expect(r.exitCode, r.stderr).toBe(143);
    expect(r.missing, `report files missing; the CLI's stderr:\n${r.stderr}`).toEqual([]);
    expect(r.partial).toBe("interrupted by SIGTERM");
    expect(r.seconds, slackWhy(r)).toBeLessThan(graceMs / 1000 + slackS(r));
    expect(r.leftBehind).toEqual([]);
  });
});
