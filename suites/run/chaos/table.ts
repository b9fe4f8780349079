// The chaos matrix as a table, measured from the CLI, with the reason each report gives:
//   npx tsx suites/run/chaos/table.ts [time limit of the clock faults, s, default 15] [runs at a time, default 2]
// A clock fault's run (runFault.ts clockFaults) has that time limit; every other fault's run has
// fixed work under a ceiling of workCeilingS, as in chaos.test.ts.
import type { Fault } from "./runFault.ts";
import { cpuStretch, faults, matrixOptions, moduleFaults, pooled, runFault } from "./runFault.ts";

const [timeLimit = "15", width = "2"] = process.argv.slice(2);
const limitS = Number(timeLimit);
const before = await cpuStretch();
const all = [...faults, ...moduleFaults];
const rows = await pooled([...all, "SIGTERM" as const], Number(width), (f: Fault | "SIGTERM") =>
  f === "SIGTERM"
    ? runFault("hang-after", { timeLimit: `${limitS}s`, caseTimeout: "1s", sigtermAfterMs: 2000 })
    : runFault(f, matrixOptions(f, limitS)),
);
console.log(
  `CPU work stretched ${before.toFixed(1)} times by the load before the matrix, ${(await cpuStretch()).toFixed(1)} after`,
);
console.log(
  "| fault | ended by | exit code | time to end | CLI CPU | report | processes left | reason in the report |",
);
console.log("|---|---|---:|---:|---:|---|---:|---|");
rows.forEach((r, i) => {
  const signal = i === all.length;
  const name = signal ? "SIGTERM 2 s after start (time from the signal)" : r.fault;
  const o = signal ? undefined : matrixOptions(r.fault, limitS);
  const by = signal
    ? "signal"
    : o?.numRuns === undefined
      ? `clock (limit ${o?.limitS} s)`
      : `work (${o.numRuns} scenarios)`;
  const reason = (r.reason ?? r.partial ?? "").replace(/\|/g, "\\|").slice(0, 160);
  console.log(
    `| ${name} | ${by} | ${r.exitCode} | ${r.seconds.toFixed(1)} s | ${r.cpuSeconds.toFixed(1)} s | ${r.missing.length === 0 ? "all formats" : `missing ${r.missing.join(", ")}`} | ${r.leftBehind.length} | ${reason} |`,
  );
});
