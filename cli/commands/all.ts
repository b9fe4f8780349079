// Every command of `matchconform`, in the order --help lists them.
import type { CommandSpec } from "../command.ts";
import { bundlesCommand } from "./bundles.ts";
import { clusterCommand } from "./cluster.ts";
import { completionCommand } from "./completion.ts";
import { coverageCommand } from "./coverage.ts";
import { driftCommand } from "./drift.ts";
import { mergeReportsCommand } from "./mergeReports.ts";
import { replayCommand } from "./replay.ts";
import { runCommand } from "./run.ts";
import { verifyCommand } from "./verify.ts";

export const commands: readonly CommandSpec[] = [
  runCommand,
  replayCommand,
  mergeReportsCommand,
  clusterCommand,
  verifyCommand,
  driftCommand,
  bundlesCommand,
  coverageCommand,
  completionCommand(() => commands),
];

export function commandNamed(name: string | undefined): CommandSpec | undefined {
  return commands.find((c) => c.name === name);
}
