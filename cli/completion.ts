// Shell completion scripts for bash, zsh and fish, written from the commands' declarations.
import type { CommandSpec, OptionSpec } from "./command.ts";
import { optionsOf } from "./parseCommand.ts";

export const shells = ["bash", "zsh", "fish"] as const;
export type Shell = (typeof shells)[number];

/** What a shell offers after a flag, or as the command's arguments. */
type Completes =
  | { readonly kind: "file" | "dir" | "none" | "flag" }
  | { readonly kind: "values"; readonly values: readonly string[] };

interface Flag {
  readonly name: string;
  readonly help: string;
  readonly completes: Completes;
}

interface Described {
  readonly name: string;
  readonly summary: string;
  readonly flags: readonly Flag[];
  readonly positionals: Completes;
}

async function completesOf(o: OptionSpec): Promise<Completes> {
  if (o.type === "boolean") return { kind: "flag" };
  if (o.complete === undefined) return { kind: "none" };
  if (typeof o.complete === "string") return { kind: o.complete };
  return { kind: "values", values: await o.complete() };
}

async function described(commands: readonly CommandSpec[]): Promise<Described[]> {
  return Promise.all(
    commands.map(async (c) => ({
      name: c.name,
      summary: c.summary,
      flags: await Promise.all(
        Object.entries(optionsOf(c)).map(async ([name, o]) => ({
          name,
          help: o.help,
          completes: await completesOf(o),
        })),
      ),
      positionals: (c.positionals === undefined
        ? { kind: "none" }
        : typeof c.positionals.complete === "string"
          ? { kind: c.positionals.complete }
          : { kind: "values", values: c.positionals.complete }) satisfies Completes,
    })),
  );
}

export async function completionScript(shell: Shell, commands: readonly CommandSpec[]): Promise<string> {
  const d = await described(commands);
  switch (shell) {
    case "bash":
      return bash(d);
    case "zsh":
      return zsh(d);
    case "fish":
      return fish(d);
  }
}

/** A help text cut to its first clause, without what a shell's quoting would take for syntax. */
function brief(text: string): string {
  const first = text.split(/[;(]/)[0]?.trim() ?? "";
  const plain = first.replace(/[^\w .,/@<>|+=-]/g, "");
  return plain.length <= 70 ? plain : plain.slice(0, 70).replace(/\s+\S*$/, "");
}

function bashWords(c: Completes, cur = '"$cur"'): string {
  switch (c.kind) {
    case "file":
      return `COMPREPLY=($(compgen -f -- ${cur}))`;
    case "dir":
      return `COMPREPLY=($(compgen -d -- ${cur}))`;
    case "values":
      return `COMPREPLY=($(compgen -W "${c.values.join(" ")}" -- ${cur}))`;
    case "none":
    case "flag":
      return "COMPREPLY=()";
  }
}

function bash(commands: readonly Described[]): string {
  const top = [...commands.map((c) => c.name), "--help", "--version"].join(" ");
  const cases = commands.map((c) => {
    const valued = c.flags.filter((f) => f.completes.kind !== "flag");
    return [
      `    ${c.name})`,
      '      case "$prev" in',
      ...valued.map((f) => `        --${f.name}) ${bashWords(f.completes)}; return ;;`),
      "      esac",
      `      if [[ "$cur" == -* ]]; then COMPREPLY=($(compgen -W "${c.flags.map((f) => `--${f.name}`).join(" ")}" -- "$cur")); return; fi`,
      `      ${bashWords(c.positionals)}`,
      "      ;;",
    ].join("\n");
  });
  return `# matchconform completion for bash: add to ~/.bashrc
#   source <(matchconform completion bash)
_matchconform() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}"
  if [[ $COMP_CWORD -eq 1 ]]; then
    COMPREPLY=($(compgen -W "${top}" -- "$cur"))
    return
  fi
  case "\${COMP_WORDS[1]}" in
${cases.join("\n")}
  esac
}
complete -o filenames -F _matchconform matchconform
`;
}

function zshAction(c: Completes): string {
  switch (c.kind) {
    case "file":
      return "_files";
    case "dir":
      return "_files -/";
    case "values":
      return `(${c.values.join(" ")})`;
    case "none":
    case "flag":
      return " ";
  }
}

function zsh(commands: readonly Described[]): string {
  const list = commands.map((c) => `    '${c.name}:${brief(c.summary)}'`).join("\n");
  const cases = commands.map((c) => {
    const specs = c.flags.map((f) =>
      f.completes.kind === "flag"
        ? `'--${f.name}[${brief(f.help)}]'`
        : `'--${f.name}=[${brief(f.help)}]:${f.name}:${zshAction(f.completes)}'`,
    );
    const rest = c.positionals.kind === "none" ? [] : [`'*:argument:${zshAction(c.positionals)}'`];
    return `    ${c.name})\n      _arguments -S \\\n        ${[...specs, ...rest].join(" \\\n        ")}\n      ;;`;
  });
  return `#compdef matchconform
# matchconform completion for zsh: add to ~/.zshrc (after compinit)
#   source <(matchconform completion zsh)
# or save it as _matchconform in a folder of $fpath.
_matchconform() {
  local -a commands
  commands=(
${list}
  )
  if (( CURRENT == 2 )); then
    _describe command commands
    return
  fi
  local command=$words[2]
  shift words
  (( CURRENT-- ))
  case $command in
${cases.join("\n")}
  esac
}
if [[ $funcstack[1] == _matchconform ]]; then
  _matchconform "$@"
else
  compdef _matchconform matchconform
fi
`;
}

function fishArgs(c: Completes): string {
  switch (c.kind) {
    case "file":
      return "-r -F";
    case "dir":
      return "-x -a '(__fish_complete_directories)'";
    case "values":
      return `-x -a '${c.values.join(" ")}'`;
    case "none":
      return "-x";
    case "flag":
      return "";
  }
}

function fish(commands: readonly Described[]): string {
  const names = commands.map((c) => c.name).join(" ");
  const lines = commands.flatMap((c) => {
    const when = `-n '__fish_seen_subcommand_from ${c.name}'`;
    return [
      `complete -c matchconform -n 'not __fish_seen_subcommand_from ${names}' -a ${c.name} -d '${brief(c.summary)}'`,
      // Arguments: fishArgs without the -r/-x that say "this option takes a value".
      ...(c.positionals.kind === "none"
        ? []
        : [`complete -c matchconform ${when} ${fishArgs(c.positionals).replace(/^-[rx] ?/, "")}`]),
      ...c.flags.map((f) =>
        [`complete -c matchconform ${when} -l ${f.name}`, fishArgs(f.completes), `-d '${brief(f.help)}'`]
          .filter(Boolean)
          .join(" "),
      ),
    ];
  });
  return `# matchconform completion for fish: save as ~/.config/fish/completions/matchconform.fish
#   matchconform completion fish > ~/.config/fish/completions/matchconform.fish
complete -c matchconform -f
complete -c matchconform -n 'not __fish_seen_subcommand_from ${names}' -l help -d 'the commands'
complete -c matchconform -n 'not __fish_seen_subcommand_from ${names}' -l version -d 'the version'
${lines.join("\n")}
`;
}
