// Each command's --help is written from its declarations: every flag, with its help, and the rest.
import { describe, expect, it } from "vitest";
import { cli } from "./cliTestKit.ts";
import { commands } from "./commands/all.ts";
import { optionsOf } from "./parseCommand.ts";

describe.each(commands.map((c) => [c.name, c] as const))("%s --help", (name, spec) => {
  it("lists every declared flag with the start of its help, and nothing undeclared", async () => {
    const { code, out } = await cli(name, "--help");
    expect(code).toBe(0);
    for (const [flag, o] of Object.entries(optionsOf(spec))) {
      expect(out).toMatch(new RegExp(`^  --${flag}( |$)`, "m"));
      expect(out).toContain(o.help.split(" ").slice(0, 4).join(" "));
    }
    const listed = [...out.matchAll(/^ {2}--([a-z-]+)/gm)].map((m) => m[1]);
    expect(listed.sort()).toEqual(Object.keys(optionsOf(spec)).sort());
  });

  it("says what the command does, shows examples of it, its exit codes and the config file", async () => {
    const { out } = await cli(name, "--help");
    expect(out.split("\n")[0]).toBe(`usage: matchconform ${name} ${spec.usage}`);
    expect(out).toContain(spec.description.split(/\s+/).slice(0, 5).join(" "));
    expect(out.split("examples:\n")[1]?.split("\n")[0]).toContain(`matchconform ${name}`);
    for (const [code] of spec.exitCodes) expect(out).toMatch(new RegExp(`^ {2}${code} `, "m"));
    expect(out).toContain("matchconform.config.json");
  });

  it("keeps every line within 100 columns but the examples", async () => {
    const { out } = await cli(name, "--help");
    const [body = ""] = out.split("\nexamples:");
    expect(body.split("\n").filter((l) => l.length > 100)).toEqual([]);
  });
});
