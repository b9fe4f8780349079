// `matchconform drift`: the verdicts kube-apiserver recorded at two minors, compared query by query.
import type { EveryFlagRead, Options } from "../command.ts";
import { defineCommand } from "../command.ts";
import type { DriftArgs } from "../drift.ts";

const options = {
  output: {
    type: "string",
    value: "<file>",
    group: "Reports",
    complete: "file",
    help: "write the Markdown to this file (default: stdout)",
  },
  "max-rows": {
    type: "string",
    value: "N",
    group: "Reports",
    help: "queries listed per cause, the rest counted (default 20; 0: all)",
  },
  "heading-level": {
    type: "string",
    value: "N",
    group: "Reports",
    help: "the level of the report's first heading (default 1; 3 to paste it under a section)",
  },
} as const satisfies Options;

true satisfies EveryFlagRead<DriftArgs, typeof options>;

export const driftCommand = defineCommand({
  name: "drift",
  summary: "what kube-apiserver decided differently at two minors, from two verify --record folders",
  usage: "<recorded version folder> <recorded version folder> [--output <file>]",
  description: `Compares two folders verify --record <dir> wrote (<dir>/v1.34.4 and <dir>/v1.37.2, say;
a clone of matchconform holds two in suites/recorded, the installed package none) query by query: a
recorded case's file and description (its query's hash) are the same at every minor. Prints, as Markdown, the verdicts that changed and the queries
only one minor recorded, grouped by subject kind and by the upstream change between the minors that
explains them (or "unexplained"); for a changed verdict, whether the reference model decides each
side as the server did.`,
  positionals: { complete: "dir" },
  options,
  examples: [
    "matchconform drift suites/recorded/v1.34.4 suites/recorded/v1.37.2   # in a clone of matchconform",
    "matchconform drift recorded/v1.36.4 recorded/v1.37.2 --output drift.md --max-rows 0",
  ],
  exitCodes: [
    ["0", "both recordings have the same queries with the same verdicts"],
    ["1", "a verdict changed, or a query was recorded at one minor only"],
    ["2", "a folder that is not one minor's recording, or bad input"],
  ],
  async run(flags, positionals, { out, err }) {
    const { drift } = await import("../drift.ts");
    return drift({ ...flags, dirs: positionals }, out, err);
  },
});
