// --help for every command, --version, and a usage error's exit code.
import { describe, expect, it } from "vitest";
import { packageVersion } from "../package/packageRoot.ts";
import { cli } from "./cliTestKit.ts";
import { commands } from "./commands/all.ts";

describe("help", () => {
  it.each(commands.map((c) => c.name))("%s --help prints that command's usage to stdout, exit 0", async (command) => {
    const r = await cli(command, "--help");
    expect([r.code, r.err]).toEqual([0, ""]);
    expect(r.out).toMatch(new RegExp(`^usage: matchconform ${command} `));
    expect(r.out).toContain("exit codes:");
    expect(await cli("help", command)).toEqual(r);
  });

  it.each([["--help"], ["-h"], ["help"]])("%s lists every command, exit 0", async (flag) => {
    const r = await cli(flag);
    expect(r.code).toBe(0);
    for (const { name: command } of commands) expect(r.out).toContain(`\n  ${command} `);
  });

  it("no command prints the usage to stderr, exit 2", async () => {
    const r = await cli();
    expect([r.code, r.out]).toEqual([2, ""]);
    expect(r.err).toMatch(/^usage: matchconform <command>/);
  });

  it("an unknown option is one line pointing at the command's help, exit 2", async () => {
    const r = await cli("replay", "--bogus");
    expect(r).toEqual({
      code: 2,
      out: "",
      err: "matchconform: unknown option --bogus for replay (see matchconform replay --help)",
    });
  });
});

it.each([["--version"], ["-v"]])("%s prints the package's version", async (flag) => {
  expect(await cli(flag)).toEqual({ code: 0, out: packageVersion, err: "" });
});
