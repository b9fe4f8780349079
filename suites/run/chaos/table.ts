// The chaos matrix as a table, measured from the CLI:
//   npx tsx suites/run/chaos/table.ts [time limit, default 20s] [case timeout, default the CLI's] [runs at a time, default 2]
import type { Fault } from "./runFault.ts";
import { faults, pooled, runFault } from "./runFault.ts";

const [timeLimit = "20s", caseTimeout, width = "2"] = process.argv.slice(2);
const options = { timeLimit, ...(caseTimeout && caseTimeout !== "-" && { caseTimeout }) };
const rows = await pooled([...faults, "SIGTERM" as const], Number(width), (f: Fault | "SIGTERM") =>
  f === "SIGTERM" ? runFault("hang-after", { ...options, sigtermAfterMs: 2000 }) : runFault(f, options),
);
console.log(`| fault | exit code | time to end (limit ${timeLimit}) | report | processes left | partial |`);
console.log("|---|---:|---:|---|---:|---|");
rows.forEach((r, i) => {
  const name = i === faults.length ? "SIGTERM 2 s after start (time from the signal)" : r.fault;
  console.log(
    `| ${name} | ${r.exitCode} | ${r.seconds.toFixed(1)} s | ${r.missing.length === 0 ? "all formats" : `missing ${r.missing.join(", ")}`} | ${r.leftBehind.length} | ${r.partial ?? ""} |`,
  );
});
