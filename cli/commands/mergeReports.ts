// `matchconform merge-reports`: the reports of a run's shards as the report of the whole run.
import type { EveryFlagRead, Options } from "../command.ts";
import { defineCommand } from "../command.ts";
import type { MergeArgs } from "../mergeReports.ts";
import { reportDir } from "./sharedOptions.ts";

const options = {
  "report-dir": reportDir(".matchconform/report"),
} as const satisfies Options;

true satisfies EveryFlagRead<MergeArgs, typeof options>;

export const mergeReportsCommand = defineCommand({
  name: "merge-reports",
  summary: "the reports of a run's shards (run --shard i/n) as the report of the whole run",
  usage: "<report folders...> [--report-dir <dir>]",
  description: `Reads each folder's report.json (written by run --shard i/n, every shard of one run: the same
seed, Kubernetes minors, implementation and budget) and writes the whole run's report in every format:
causes merged by key with their counts summed and the smallest minimal case any shard found, the
phases' counts summed, complete only when every shard was. Reports of different runs, or a shard
missing or given twice, are refused.`,
  positionals: { complete: "dir" },
  options,
  examples: [
    "matchconform merge-reports shard-1 shard-2 shard-3 shard-4 --report-dir report",
    "matchconform merge-reports reports/*/ --report-dir merged   # the folders a CI matrix uploaded",
  ],
  exitCodes: [
    ["0", "nothing diverged in the whole run (or only expected failures)"],
    ["1", "a shard found a divergence"],
    ["2", "a report cannot be read, the reports are not every shard of one run, or a shard could not test"],
    ["3", "incomplete: a shard did not do the work its profile promises"],
  ],
  async run(flags, positionals, { out, err }) {
    const { mergeReportsCommand: merge } = await import("../mergeReports.ts");
    return merge({ ...flags, dirs: positionals }, out, err);
  },
});
