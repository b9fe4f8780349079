// The flags a project always passes, read from matchconform.config.json, matchconform.config.mjs
// (its default export) or package.json's "matchconform" key in the working directory, or from the
// file --config names. Keys are the flags' names without the dashes (`kubernetes-version`, or
// `kubernetesVersion`); at the top level they apply to every command that has the option, under a
// command's name (`"run": { … }`) to that command only, which wins. The command line wins over both.
// Paths in it are read from the working directory, as on the command line.
import { existsSync, readFileSync } from "node:fs";
import { basename, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { CommandSpec, OptionSpec } from "./command.ts";
import { camelCase } from "./command.ts";
import type { FlagValues } from "./parseCommand.ts";
import { didYouMean } from "./suggest.ts";
import { UsageError } from "./usageError.ts";

export const configFileNames = ["matchconform.config.json", "matchconform.config.mjs"] as const;

export interface ConfigDefaults {
  readonly values: FlagValues;
  /** Where each value came from, for messages: `matchconform.config.json, key "run.profile"`. */
  readonly origin: Readonly<Record<string, string>>;
}

const none: ConfigDefaults = { values: {}, origin: {} };

/** A config that cannot be used: exit 2, naming the file and the key. */
export class ConfigError extends UsageError {
  override name = "ConfigError";
}

interface Source {
  readonly label: string;
  readonly data: unknown;
}

export async function configDefaults(
  command: CommandSpec,
  commands: readonly CommandSpec[],
  choice: { readonly config?: string | undefined; readonly noConfig?: boolean },
  cwd: string = process.cwd(),
): Promise<ConfigDefaults> {
  if (choice.noConfig) return none;
  const source = choice.config === undefined ? await found(cwd) : await read(choice.config, cwd, true);
  if (source === undefined) return none;
  const config = validated(source, commands);
  const values: Record<string, string | boolean> = {};
  const origin: Record<string, string> = {};
  const take = (entries: Record<string, string | boolean>, prefix: string) => {
    for (const [flag, v] of Object.entries(entries)) {
      if (!Object.hasOwn(command.options, flag)) continue;
      values[flag] = v;
      origin[flag] = `${source.label}, key "${prefix}${flag}"`;
    }
  };
  take(config.shared, "");
  take(config.perCommand[command.name] ?? {}, `${command.name}.`);
  return { values, origin };
}

async function found(cwd: string): Promise<Source | undefined> {
  const files = configFileNames.filter((f) => existsSync(resolve(cwd, f)));
  const pkg = resolve(cwd, "package.json");
  const inPackage = existsSync(pkg) && Object.hasOwn(parsedJson(pkg, "package.json") as object, "matchconform");
  const all = [...files, ...(inPackage ? ['package.json\'s "matchconform" key'] : [])];
  if (all.length > 1) throw new ConfigError(`config in more than one place (${all.join(", ")}): keep one`);
  const [file] = files;
  if (file !== undefined) return read(file, cwd, false);
  return inPackage ? read("package.json", cwd, false) : undefined;
}

async function read(file: string, cwd: string, chosen: boolean): Promise<Source> {
  const path = resolve(cwd, file);
  if (!existsSync(path)) throw new ConfigError(`--config ${file}: no such file`);
  if (basename(path) === "package.json") {
    const pkg = parsedJson(path, file);
    const data = isRecord(pkg) ? pkg.matchconform : undefined;
    if (data === undefined && chosen) throw new ConfigError(`${file} has no "matchconform" key`);
    return { label: `${file}, "matchconform"`, data };
  }
  if (/\.json$/i.test(path)) return { label: file, data: parsedJson(path, file) };
  if (/\.m?js$/i.test(path)) {
    let module: { default?: unknown };
    try {
      module = await import(pathToFileURL(path).href);
    } catch (e) {
      throw new ConfigError(`${file} could not be loaded: ${(e as Error).message.split("\n")[0]}`);
    }
    if (module.default === undefined) throw new ConfigError(`${file} has no default export (the config object)`);
    return { label: file, data: module.default };
  }
  throw new ConfigError(`--config ${file}: a config is a .json, .mjs or .js file`);
}

function parsedJson(path: string, label: string): unknown {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch (e) {
    throw new ConfigError(`${label} is not valid JSON: ${(e as Error).message.split("\n")[0]}`);
  }
}

interface Validated {
  readonly shared: Record<string, string | boolean>;
  readonly perCommand: Record<string, Record<string, string | boolean>>;
}

/** The whole config checked, whichever command runs: a mistake shows on the first run. */
function validated(source: Source, commands: readonly CommandSpec[]): Validated {
  const where = (key: string) => `${source.label}: key "${key}"`;
  if (!isRecord(source.data)) throw new ConfigError(`${source.label}: the config is not an object`);
  const anyCommand: Record<string, OptionSpec> = Object.assign({}, ...commands.map((c) => c.options));
  const names = commands.map((c) => c.name);
  const perCommand: Record<string, Record<string, string | boolean>> = {};
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source.data)) {
    if (key === "$schema") continue;
    const command = commands.find((c) => c.name === key);
    if (command === undefined) rest[key] = value;
    else if (!isRecord(value))
      throw new ConfigError(`${where(key)} holds ${key}'s flags: an object, not ${typeOf(value)}`);
    else perCommand[key] = flagsOf(value, command.options, (k) => where(`${key}.${k}`), `an option of ${key}`);
  }
  return { shared: flagsOf(rest, anyCommand, where, "a command or an option of one", names), perCommand };
}

function flagsOf(
  entries: Record<string, unknown>,
  options: Record<string, OptionSpec>,
  where: (key: string) => string,
  what: string,
  alsoKnown: readonly string[] = [],
): Record<string, string | boolean> {
  const byName = new Map(
    Object.keys(options).flatMap((flag) => [[flag, flag] as const, [camelCase(flag), flag] as const]),
  );
  const out: Record<string, string | boolean> = {};
  for (const [key, value] of Object.entries(entries)) {
    const flag = byName.get(key);
    if (flag === undefined)
      throw new ConfigError(`${where(key)} is not ${what}${didYouMean(key, [...alsoKnown, ...byName.keys()])}`);
    if (Object.hasOwn(out, flag)) throw new ConfigError(`${where(key)}: --${flag} is given twice in one object`);
    const o = options[flag] as OptionSpec;
    if (o.type === "boolean") {
      if (typeof value !== "boolean") throw new ConfigError(`${where(key)} is true or false, not ${typeOf(value)}`);
      out[flag] = value;
    } else if (typeof value === "string") out[flag] = value;
    else if (o.repeatable && Array.isArray(value) && value.every((v) => typeof v === "string"))
      out[flag] = value.join(",");
    else if (typeof value === "number" && Number.isFinite(value)) out[flag] = String(value);
    else throw new ConfigError(`${where(key)} is a string (${o.value ?? "a value"}), not ${typeOf(value)}`);
  }
  return out;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function typeOf(v: unknown): string {
  return v === null
    ? "null"
    : Array.isArray(v)
      ? "a list"
      : typeof v === "object"
        ? "an object"
        : `${typeof v} ${JSON.stringify(v)}`;
}
