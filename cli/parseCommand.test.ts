// A command line that cannot be run: exit 2, one line saying what is wrong and where the help is.
import { describe, expect, it } from "vitest";
import { cli } from "./cliTestKit.ts";
import { runCommand } from "./commands/run.ts";
import { parseCommand } from "./parseCommand.ts";
import { closest } from "./suggest.ts";

describe("usage errors", () => {
  it("a typo of a flag is suggested the flag, exit 2, one line", async () => {
    const r = await cli("run", "--implmentation", "./m");
    expect(r).toEqual({
      code: 2,
      out: "",
      err: "matchconform: unknown option --implmentation for run; did you mean --implementation? (see matchconform run --help)",
    });
  });

  it.each([
    [["replay", "x", "--kubernetes-verison", "1.37"], "did you mean --kubernetes-version?"],
    [["verify", "--apiserevr"], "did you mean --apiserver?"],
    [["run", "--seeed", "3"], "did you mean --seed?"],
    [["run", "--time=60s"], "did you mean --time-limit?"],
    [["rnu"], "unknown command rnu; did you mean run? (see matchconform --help)"],
  ])("%j: %s", async (argv, message) => {
    const r = await cli(...argv);
    expect(r.code).toBe(2);
    expect(r.err).toContain(message);
    expect(r.err.split("\n")).toHaveLength(1);
  });

  it("an option nothing resembles gets no suggestion", async () => {
    const r = await cli("coverage", "--zzzzzzzz");
    expect([r.code, r.err]).toEqual([
      2,
      "matchconform: unknown option --zzzzzzzz for coverage (see matchconform coverage --help)",
    ]);
  });

  it.each([
    [["run", "--seed"], "--seed needs a value: --seed S"],
    [
      ["run", "--seed", "--num-runs", "5"],
      "--seed needs a value (S), not the option --num-runs; write --seed=--num-runs if that is the value",
    ],
    [["run", "--all-versions=yes"], "--all-versions takes no value (given: yes)"],
    [["coverage", "extra"], "coverage takes no arguments, only options (given: extra)"],
  ])("%j: %s", async (argv, message) => {
    const r = await cli(...argv);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`matchconform: ${message} (see matchconform ${argv[0]} --help)`);
  });

  it("no message has an unbalanced quote", async () => {
    for (const argv of [
      ["run", "--implmentation"],
      ["run", "-x"],
      ["replay", "--bogus=1"],
      ["run", "--seed"],
    ]) {
      const { err } = await cli(...argv);
      for (const q of ["'", '"']) expect(err.split(q).length % 2, `${argv.join(" ")}: ${err}`).toBe(1);
    }
  });
});

describe("parsing", () => {
  it("reads flags as parseArgs does: --x v, --x=v, the last one given, positionals anywhere, -- ends options", () => {
    const line = parseCommand(runCommand, [
      "a.yaml",
      "--seed",
      "1",
      "--seed=2",
      "--all-versions",
      "b",
      "--",
      "--not-a-flag",
    ]);
    expect(line.flags).toEqual({ seed: "2", "all-versions": true });
    expect(line.positionals).toEqual(["a.yaml", "b", "--not-a-flag"]);
  });

  it("joins a repeatable flag's values by commas, in order", () => {
    expect(parseCommand(runCommand, ["--reporter", "github", "--reporter=json", "--seed", "1"]).flags).toEqual({
      reporter: "github,json",
      seed: "1",
    });
  });

  it("takes a value that is a lone dash, and one with a dash after =", () => {
    expect(parseCommand(runCommand, ["--report-dir", "-", "--seed=-1"]).flags).toEqual({
      "report-dir": "-",
      seed: "-1",
    });
  });

  it("keeps --config and --no-config apart from the command's flags", () => {
    expect(parseCommand(runCommand, ["--config", "c.json", "--no-config", "--seed", "3"])).toEqual({
      flags: { seed: "3" },
      positionals: [],
      config: "c.json",
      noConfig: true,
    });
  });
});

describe("closest", () => {
  it.each([
    ["implmentation", "implementation"],
    ["kubernetes-verison", "kubernetes-version"],
    ["reprot-dir", "report-dir"],
    ["modul", "module"],
  ])("%s → %s", (typo, flag) => {
    expect(closest(typo, Object.keys(runCommand.options))).toBe(flag);
  });

  it("suggests nothing far off", () => {
    expect(closest("verbose", Object.keys(runCommand.options))).toBeUndefined();
  });
});
