// Processes a child started that left its process group (`setsid`, a daemon's double fork) survive
// the group kill. Each child carries a marker in its environment, inherited by all it starts;
// once the child is ended, /proc is searched for the marker and what is found is killed and named.
import { readdirSync, readFileSync } from "node:fs";

export const markerVariable = "MATCHCONFORM_CHILD";

/** The processes whose environment holds the marker, killed; each as "pid command". */
export function killEscaped(marker: string): string[] {
  if (process.platform !== "linux") return [];
  const wanted = `${markerVariable}=${marker}`;
  const killed: string[] = [];
  let pids: string[];
  try {
    pids = readdirSync("/proc").filter((p) => /^\d+$/.test(p) && Number(p) !== process.pid);
  } catch {
    return [];
  }
  for (const pid of pids) {
    try {
      if (!readFileSync(`/proc/${pid}/environ`, "latin1").split("\0").includes(wanted)) continue;
      const command = readFileSync(`/proc/${pid}/cmdline`, "latin1").split("\0").join(" ").trim().slice(0, 200);
      process.kill(Number(pid), "SIGKILL");
      killed.push(`${pid} ${command}`);
    } catch {
      // Gone meanwhile, or another user's: not ours.
    }
  }
  return killed;
}
