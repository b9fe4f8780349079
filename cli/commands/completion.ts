// `matchconform completion bash|zsh|fish`: a completion script written from the declarations.
import type { CommandSpec } from "../command.ts";
import { defineCommand } from "../command.ts";
import { UsageError } from "../usageError.ts";

/** Given the list it completes (the list holds this command too, hence a thunk, not an import). */
export function completionCommand(commands: () => readonly CommandSpec[]): CommandSpec {
  return defineCommand({
    name: "completion",
    summary: "print a shell completion script (bash, zsh or fish)",
    usage: "bash|zsh|fish",
    description: "Prints a script that completes matchconform's commands, options and their values in the shell named.",
    positionals: { complete: ["bash", "zsh", "fish"] },
    options: {},
    examples: [
      "source <(matchconform completion bash)   # in ~/.bashrc",
      "source <(matchconform completion zsh)    # in ~/.zshrc, after compinit",
      "matchconform completion fish > ~/.config/fish/completions/matchconform.fish",
    ],
    exitCodes: [
      ["0", "the script was printed"],
      ["2", "no shell, or one not supported"],
    ],
    async run(_flags, positionals, { out }) {
      const { completionScript, shells } = await import("../completion.ts");
      const shell = shells.find((s) => s === positionals[0]);
      if (shell === undefined || positionals.length > 1)
        throw new UsageError(`completion takes one of ${shells.join(", ")}, not ${positionals.join(" ") || "nothing"}`);
      out((await completionScript(shell, commands())).trimEnd());
      return 0;
    },
  });
}
