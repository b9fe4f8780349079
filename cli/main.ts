// The `matchconform` command: exit 0 all passed, 1 something failed or diverged, 2 bad input or
// an implementation that would not start.
//
// Each command's work is imported when it runs: `--help` and `--version` load none of the model,
// the generators, ajv or the Kubernetes client, and answer in a fraction of a second.

import { packageVersion } from "../package/packageRoot.ts";
import { oneLine, terminal } from "../reports/escape.ts";
import { CaseFileError } from "../suites/format/caseFileError.ts";
import type { CommandSpec, Io } from "./command.ts";
import { camelCase } from "./command.ts";
import { commandNamed, commands } from "./commands/all.ts";
import { configDefaults } from "./configFile.ts";
import { commandHelp, overview } from "./helpText.ts";
import { parseCommand } from "./parseCommand.ts";
import { didYouMean } from "./suggest.ts";
import { UsageError } from "./usageError.ts";

export async function main(
  argv: readonly string[],
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<number> {
  const [name, ...rest] = argv;
  const command = commandNamed(name);
  try {
    if (command !== undefined) {
      if (rest.includes("--help") || rest.includes("-h")) {
        out(commandHelp(command));
        return 0;
      }
      return await dispatch(command, rest, { out, err });
    }
    switch (name) {
      case undefined:
        err(overview(commands));
        return 2;
      case "help":
      case "--help":
      case "-h": {
        const about = commandNamed(rest[0]);
        out(about ? commandHelp(about) : overview(commands));
        return 0;
      }
      case "--version":
      case "-v":
        out(packageVersion);
        return 0;
      default:
        throw new UsageError(
          `unknown command ${name}${didYouMean(
            name,
            commands.map((c) => c.name),
          )}`,
        );
    }
  } catch (e) {
    return await reportError(e, command, err);
  }
}

/** The command line over the config's defaults, then the command; a usage error names a config's key. */
async function dispatch(command: CommandSpec, args: readonly string[], io: Io): Promise<number> {
  const line = parseCommand(command, args);
  const config =
    Object.keys(command.options).length === 0
      ? { values: {}, origin: {} }
      : await configDefaults(command, commands, line);
  const merged = { ...config.values, ...line.flags };
  const flags = Object.fromEntries(Object.entries(merged).map(([k, v]) => [camelCase(k), v]));
  try {
    return await command.run(flags, line.positionals, io);
  } catch (e) {
    const from = Object.keys(config.origin).find(
      (flag) => !Object.hasOwn(line.flags, flag) && e instanceof UsageError && e.message.startsWith(`--${flag} `),
    );
    if (from !== undefined && e instanceof UsageError) e.message += ` (from ${config.origin[from]})`;
    throw e;
  }
}

async function reportError(e: unknown, command: CommandSpec | undefined, say: (line: string) => void): Promise<number> {
  // Messages quote case files, paths and the implementation's stderr: nothing of them drives the terminal.
  const err = (line: string) => say(terminal(line));
  // Imported here: matcher.ts brings the model with it.
  const { MatcherStartError } = await import("../oracles/adapters/matcher.ts");
  // What a case file or a child wrote starts no line of ours: "\n::error::…" in a description would
  // be a workflow command in a CI log (GitHub trims an indent before it looks).
  if (e instanceof AggregateError && e.errors.every((x) => x instanceof CaseFileError)) {
    for (const x of e.errors) err(`matchconform: ${oneLine((x as Error).message)}`);
    return 2;
  }
  if (e instanceof MatcherStartError) {
    err(`matchconform: ${oneLine(e.message)}`);
    if (e.stderr.length > 0) err(`its last lines of stderr:\n  ${e.stderr.map((l) => JSON.stringify(l)).join("\n  ")}`);
    return 2;
  }
  if (e instanceof CaseFileError) {
    err(`matchconform: ${oneLine(e.message)}`);
    return 2;
  }
  // One line, the last one printed (the Action's annotation quotes it), with where to read more.
  if (e instanceof UsageError) {
    err(`matchconform: ${e.message} (see matchconform ${command ? `${command.name} ` : ""}--help)`);
    return 2;
  }
  throw e;
}
