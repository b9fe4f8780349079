// The completion scripts hold every command and flag, and bash's completes as a shell would.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { cli } from "./cliTestKit.ts";
import { commands } from "./commands/all.ts";
import { shells } from "./completion.ts";
import { optionsOf } from "./parseCommand.ts";

describe.each(shells)("completion %s", (shell) => {
  it("holds every command and every flag of each", async () => {
    const { code, out } = await cli("completion", shell);
    expect(code).toBe(0);
    for (const c of commands) {
      expect(out).toContain(c.name);
      for (const flag of Object.keys(optionsOf(c)))
        expect(out).toContain(shell === "fish" ? `-n '__fish_seen_subcommand_from ${c.name}' -l ${flag}` : `--${flag}`);
    }
  });
});

/** What bash's completion offers for the words typed (the last one being completed). */
function bashCompletes(script: string, ...words: string[]): string[] {
  const program = `${script}
COMP_WORDS=(${words.map((w) => `'${w}'`).join(" ")})
COMP_CWORD=${words.length - 1}
_matchconform
printf '%s\\n' "\${COMPREPLY[@]}"`;
  const r = spawnSync("bash", ["-c", program], { encoding: "utf8" });
  expect(r.stderr).toBe("");
  return r.stdout.split("\n").filter(Boolean);
}

describe("bash completion, run by bash", () => {
  it("is valid bash", async () => {
    const { out } = await cli("completion", "bash");
    expect(spawnSync("bash", ["-n", "-c", out], { encoding: "utf8" }).status).toBe(0);
  });

  it("completes commands, flags and the values of flags that have a list", async () => {
    const { out } = await cli("completion", "bash");
    expect(bashCompletes(out, "matchconform", "re")).toEqual(["replay"]);
    expect(bashCompletes(out, "matchconform", "run", "--impl")).toEqual(["--implementation"]);
    expect(bashCompletes(out, "matchconform", "run", "--profile", "")).toEqual(["quick", "default", "nightly"]);
    expect(bashCompletes(out, "matchconform", "replay", "--kubernetes-version", "1.3")).toContain("1.37");
    expect(bashCompletes(out, "matchconform", "cluster", "")).toEqual(["up", "down"]);
    expect(bashCompletes(out, "matchconform", "completion", "")).toEqual(["bash", "zsh", "fish"]);
    expect(bashCompletes(out, "matchconform", "coverage", "--")).toEqual([
      "--num-runs",
      "--seed",
      "--config",
      "--no-config",
      "--help",
    ]);
  });
});

it("completion takes one shell", async () => {
  expect(await cli("completion", "tcsh")).toEqual({
    code: 2,
    out: "",
    err: "matchconform: completion takes one of bash, zsh, fish, not tcsh (see matchconform completion --help)",
  });
  expect((await cli("completion")).code).toBe(2);
});
