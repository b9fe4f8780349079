// CPU time a process has spent, from /proc/<pid>/stat (user + system, in clock ticks of 10 ms:
// Linux's USER_HZ is 100 for every process whatever the kernel's own rate). On a machine other
// agents load, a verdict's CPU time is the figure that stays comparable; its wall time is not.
import { readFileSync } from "node:fs";

const msPerTick = 10;

/** The CPU time, ms, the processes have spent so far; undefined where /proc cannot tell (not Linux, a process gone). */
export function cpuMs(pids: readonly number[]): number | undefined {
  let total = 0;
  for (const pid of pids) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      return undefined;
    }
    // The command name (field 2) is in parentheses and may hold spaces: fields are counted after its ")".
    const after = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // After the name: state is field 3, so utime (14) and stime (15) are at 11 and 12.
    const utime = Number(after[11]);
    const stime = Number(after[12]);
    if (!Number.isFinite(utime) || !Number.isFinite(stime)) return undefined;
    total += (utime + stime) * msPerTick;
  }
  return total;
}
