// What a command of `matchconform` is: its options declared once, with their help, from which the
// parser (parseCommand.ts), the help (helpText.ts), the shell completions (completion.ts) and the
// config file's keys (configFile.ts) are all derived. A command's work is imported only when it
// runs, so that --help and completion load nothing but these declarations.

export interface OptionSpec {
  readonly type: "string" | "boolean";
  /** What the value looks like in the help: `<file>`, `1.N`, `60s`. */
  readonly value?: string;
  readonly help: string;
  /** The heading it is listed under in the command's --help. */
  readonly group: string;
  /** May be given more than once: the values reach the command joined by commas, in order. */
  readonly repeatable?: boolean;
  /** What a shell completes after it: files, folders, or the values the thunk lists. */
  readonly complete?: "file" | "dir" | (() => Promise<readonly string[]>);
}

export type Options = Readonly<Record<string, OptionSpec>>;

/** `kubernetes-version` → `kubernetesVersion`. */
type Camel<S extends string> = S extends `${infer H}-${infer T}` ? `${H}${Capitalize<Camel<T>>}` : S;

/** The parsed flags, named as the commands' argument interfaces name them. */
export type Flags<O extends Options> = {
  -readonly [K in keyof O & string as Camel<K>]?: [O[K]["type"]] extends ["boolean"]
    ? boolean
    : [O[K]["type"]] extends ["string"]
      ? string
      : string | boolean;
};

export function camelCase(flag: string): string {
  return flag.replace(/-(.)/g, (_, c: string) => c.toUpperCase());
}

export interface Io {
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
}

export interface CommandSpec<O extends Options = Options> {
  readonly name: string;
  /** One line, for the list of commands. */
  readonly summary: string;
  /** What follows `matchconform <name>` in the usage line. */
  readonly usage: string;
  readonly description: string;
  /** Absent: the command takes none (a stray word is a usage error). */
  readonly positionals?: {
    readonly complete: "file" | "dir" | readonly string[];
  };
  readonly options: O;
  /** Command lines, each with what it does after `#`. */
  readonly examples: readonly string[];
  readonly exitCodes: readonly (readonly [code: string, meaning: string])[];
  // A method, so that every command's spec is a CommandSpec<Options> (parameters are bivariant).
  run(flags: Flags<O>, positionals: readonly string[], io: Io): Promise<number>;
}

export function defineCommand<O extends Options>(spec: CommandSpec<O>): CommandSpec {
  return spec as unknown as CommandSpec;
}

/**
 * `true` only when every flag the options declare is a field of the command's arguments: a flag
 * declared but read by nothing is a type error where the command is declared.
 */
export type EveryFlagRead<Args, O extends Options> = [Exclude<keyof Flags<O>, keyof Args>] extends [never]
  ? true
  : { readonly unread: Exclude<keyof Flags<O>, keyof Args> };
