import { describe, expect, it } from "vitest";
import { cpuMs } from "./processCpu.ts";

describe("cpuMs", () => {
  it("reads this process's CPU time as process.cpuUsage does, to a few ticks", () => {
    const end = Date.now() + 300;
    let x = 0;
    while (Date.now() < end) x += Math.sqrt(x + 1); // spend CPU, so that the time is not 0
    const own = process.cpuUsage();
    const read = cpuMs([process.pid]);
    expect(x).toBeGreaterThan(0);
    expect(read).toBeGreaterThan(0);
    // cpuUsage is in µs and counts every thread; /proc's ticks are 10 ms: a generous margin.
    expect(Math.abs((read as number) - (own.user + own.system) / 1000)).toBeLessThan(200);
  });

  it("says nothing for a process that does not exist", () => {
    expect(cpuMs([2 ** 22 + 7])).toBeUndefined();
  });

  it("adds up several processes", () => {
    const one = cpuMs([process.pid]) as number;
    const two = cpuMs([process.pid, process.pid]) as number;
    expect(two).toBeGreaterThanOrEqual(2 * one);
  });
});
