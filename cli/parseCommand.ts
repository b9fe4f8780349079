// A command's arguments read against its declared options, with node:util's parseArgs: the same
// parser (and so the same accepted command lines) as before the options were declared as data.
// Its strict mode's errors quote unevenly and suggest nothing, so it runs lenient, with tokens, and
// the checks strict mode would make are made here, one line each.
import { parseArgs } from "node:util";
import type { CommandSpec, OptionSpec } from "./command.ts";
import { commonOptions } from "./commands/sharedOptions.ts";
import { didYouMean } from "./suggest.ts";
import { UsageError } from "./usageError.ts";

export type FlagValues = Record<string, string | boolean>;

export interface CommandLine {
  /** The command's own options as given, by their names (`kubernetes-version`). */
  readonly flags: FlagValues;
  readonly positionals: readonly string[];
  readonly config?: string | undefined;
  readonly noConfig: boolean;
}

/** Every option the command accepts: its own, then the ones every command has. */
export function optionsOf(spec: CommandSpec): Readonly<Record<string, OptionSpec>> {
  return { ...spec.options, ...commonOptions };
}

export function parseCommand(spec: CommandSpec, args: readonly string[]): CommandLine {
  const known = optionsOf(spec);
  const { tokens } = parseArgs({
    args: [...args],
    options: Object.fromEntries(Object.entries(known).map(([k, o]) => [k, { type: o.type }])),
    allowPositionals: true,
    strict: false,
    tokens: true,
  });
  const flags: FlagValues = {};
  const positionals: string[] = [];
  for (const t of tokens) {
    if (t.kind === "positional") {
      if (!spec.positionals) throw new UsageError(`${spec.name} takes no arguments, only options (given: ${t.value})`);
      positionals.push(t.value);
    } else if (t.kind === "option") {
      const o = Object.hasOwn(known, t.name) ? known[t.name] : undefined;
      if (o === undefined)
        throw new UsageError(
          `unknown option ${t.rawName} for ${spec.name}${didYouMean(t.name, Object.keys(known), "--")}`,
        );
      const value = flagValue(t.rawName, o, t.value, t.inlineValue);
      const before = flags[t.name];
      flags[t.name] = o.repeatable && typeof before === "string" ? `${before},${value}` : value;
    }
  }
  const { config, "no-config": noConfig, help: _, ...own } = flags;
  return { flags: own, positionals, config: config as string | undefined, noConfig: noConfig === true };
}

function flagValue(
  flag: string,
  o: OptionSpec,
  value: string | undefined,
  inline: boolean | undefined,
): string | boolean {
  if (o.type === "boolean") {
    if (value !== undefined) throw new UsageError(`${flag} takes no value (given: ${value})`);
    return true;
  }
  const wanted = o.value ?? "a value";
  if (value === undefined) throw new UsageError(`${flag} needs a value: ${flag} ${wanted}`);
  // What strict parseArgs calls ambiguous: `--seed --num-runs 5` is a forgotten value, not a seed.
  if (!inline && value.length > 1 && value.startsWith("-"))
    throw new UsageError(
      `${flag} needs a value (${wanted}), not the option ${value}; write ${flag}=${value} if that is the value`,
    );
  return value;
}
