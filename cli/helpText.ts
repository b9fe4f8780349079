// What `matchconform --help` and `matchconform <command> --help` print, from the declarations.
import type { CommandSpec, OptionSpec } from "./command.ts";
import { optionsOf } from "./parseCommand.ts";

const width = 100;

export const configHelp = `Flags not given on the command line are read from matchconform.config.json,
matchconform.config.mjs (its default export) or package.json's "matchconform" key in the working
directory, or from --config <file>: keys are the flags' names without the dashes
({"implementation": "./my-matcher", "run": {"profile": "quick"}}); top-level keys apply to every
command that has the option, a command's own object to that command; the command line wins.`;

const generalExitCodes = `exit codes: 0 all passed, 1 a test failed or a divergence was found, 2 bad input or an
implementation that would not start, gave no usable answer, was declared broken or answered the same query two
ways, 3 incomplete (run,
merge-reports: the time limit ended the run before its promised work was done), 4 (verify) the server is unreliable:
it answered the same query two ways, the infrastructure's fault, 130/143 interrupted by SIGINT/SIGTERM (run writes a
partial report)`;

export function overview(commands: readonly CommandSpec[]): string {
  const pad = Math.max(...commands.map((c) => c.name.length)) + 2;
  return [
    "usage: matchconform <command> [options]",
    "       matchconform <command> --help | --help | --version",
    "",
    "commands:",
    ...commands.map((c) => `  ${c.name.padEnd(pad)}${c.summary}`),
    "",
    "Each command's options, examples and exit codes: matchconform <command> --help.",
    "",
    `config file: ${reflow(configHelp, width - 13).join("\n             ")}`,
    "",
    generalExitCodes,
  ].join("\n");
}

export function commandHelp(spec: CommandSpec): string {
  const options = optionsOf(spec);
  const groups = new Map<string, [string, OptionSpec][]>();
  for (const [name, o] of Object.entries(options)) groups.set(o.group, [...(groups.get(o.group) ?? []), [name, o]]);
  const flagColumn = Math.min(34, Math.max(...Object.entries(options).map(([n, o]) => flagText(n, o).length)) + 4);
  const exitColumn = Math.max(...spec.exitCodes.map(([code]) => code.length)) + 2;
  return [
    `usage: matchconform ${spec.name} ${spec.usage}`,
    "",
    ...reflow(spec.description, width),
    ...[...groups].flatMap(([group, entries]) => [
      "",
      `${group.toLowerCase()}:`,
      ...entries.flatMap(([name, o]) => column(`  ${flagText(name, o)}`, o.help, flagColumn)),
    ]),
    "",
    "examples:",
    ...spec.examples.map((e) => `  ${e}`),
    "",
    "config file:",
    ...reflow(configHelp, width - 2).map((l) => `  ${l}`),
    "",
    "exit codes:",
    ...spec.exitCodes.flatMap(([code, meaning]) => column(`  ${code}`, meaning, exitColumn + 2)),
  ].join("\n");
}

function flagText(name: string, o: OptionSpec): string {
  if (o.type === "boolean") return `--${name}`;
  return `--${name} ${o.value ?? "<value>"}${o.repeatable ? " ..." : ""}`;
}

/** A term and its text wrapped beside it; a term too wide for the column has the text below it. */
function column(term: string, text: string, at: number): string[] {
  const lines = reflow(text, width - at);
  const indent = " ".repeat(at);
  if (term.length + 2 > at) return [term, ...lines.map((l) => indent + l)];
  return lines.map((l, i) => (i === 0 ? term.padEnd(at) : indent) + l);
}

function reflow(text: string, max: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line !== "" && line.length + 1 + word.length > max) {
      lines.push(line);
      line = word;
    } else line = line === "" ? word : `${line} ${word}`;
  }
  if (line !== "") lines.push(line);
  return lines;
}
