// The config file: found in the working directory or named by --config, merged under the command
// line, and refused (exit 2, naming the file and the key) when it cannot be used as it stands.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cli } from "./cliTestKit.ts";
import type { CommandSpec } from "./command.ts";
import { commandNamed, commands } from "./commands/all.ts";
import { configDefaults } from "./configFile.ts";

function folder(files: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), "matchconform-config-"));
  for (const [name, content] of Object.entries(files))
    writeFileSync(join(dir, name), typeof content === "string" ? content : JSON.stringify(content));
  return dir;
}

const command = (name: string) => commandNamed(name) as CommandSpec;

describe("found in the working directory", () => {
  it.each([
    ["matchconform.config.json", { seed: 7 }],
    ["matchconform.config.mjs", "export default { seed: 7 };"],
    ["package.json", { name: "p", matchconform: { seed: 7 } }],
  ])("%s", async (file, content) => {
    const dir = folder({ [file]: content });
    expect((await configDefaults(command("run"), commands, {}, dir)).values).toEqual({ seed: "7" });
  });

  it("takes a list for a repeatable flag, as the command line's repeated values", async () => {
    const dir = folder({ "matchconform.config.json": { run: { reporter: ["default", "github"] } } });
    expect((await configDefaults(command("run"), commands, {}, dir)).values).toEqual({ reporter: "default,github" });
  });

  it("none: no defaults (a package.json without the key included)", async () => {
    const dir = folder({ "package.json": { name: "p" } });
    expect(await configDefaults(command("run"), commands, {}, dir)).toEqual({ values: {}, origin: {} });
  });

  it("--no-config reads none", async () => {
    const dir = folder({ "matchconform.config.json": { seed: 7 } });
    expect((await configDefaults(command("run"), commands, { noConfig: true }, dir)).values).toEqual({});
  });
});

describe("merged", () => {
  const config = {
    $schema: "ignored",
    implementation: "./top",
    "kubernetes-version": "1.36",
    allVersions: true,
    run: { implementation: "./run-only", profile: "quick" },
    replay: { caseTimeout: "3s" },
  };

  it("top-level keys apply to every command that has the option; a command's own object wins", async () => {
    const dir = folder({ "matchconform.config.json": config });
    const run = await configDefaults(command("run"), commands, {}, dir);
    expect(run.values).toEqual({
      implementation: "./run-only",
      "kubernetes-version": "1.36",
      "all-versions": true,
      profile: "quick",
    });
    expect(run.origin.implementation).toBe('matchconform.config.json, key "run.implementation"');
    const replay = await configDefaults(command("replay"), commands, {}, dir);
    expect(replay.values).toEqual({ implementation: "./top", "kubernetes-version": "1.36", "case-timeout": "3s" });
    // coverage has none of these options.
    expect((await configDefaults(command("coverage"), commands, {}, dir)).values).toEqual({});
  });

  it("reaches the command, and the command line wins over it", async () => {
    const file = join(
      folder({ "c.json": { "kubernetes-version": "1.12", replay: { kubernetesVersion: "1.11" } } }),
      "c.json",
    );
    const fromConfig = await cli("replay", "x.yaml", "--config", file);
    expect(fromConfig).toEqual({
      code: 2,
      out: "",
      err: `matchconform: --kubernetes-version 1.11 is not one of 1.30, 1.31, 1.32, 1.33, 1.34, 1.35, 1.36, 1.37 (from ${file}, key "replay.kubernetes-version") (see matchconform replay --help)`,
    });
    const fromLine = await cli("replay", "x.yaml", "--config", file, "--kubernetes-version", "1.13");
    expect(fromLine.code).toBe(2);
    expect(fromLine.err).toMatch(
      /^matchconform: --kubernetes-version 1\.13 is not one of [^(]*\(see matchconform replay --help\)$/,
    );
  });
});

describe("a config that cannot be used: exit 2, naming the file and the key", () => {
  const cases: [string, Record<string, unknown>, string][] = [
    [
      "a typo of a flag",
      { run: { profle: "quick" } },
      'c.json: key "run.profle" is not an option of run; did you mean profile?',
    ],
    ["a typo of a command", { rnu: {} }, 'c.json: key "rnu" is not a command or an option of one; did you mean run?'],
    ["a flag no command has", { colour: true }, 'c.json: key "colour" is not a command or an option of one'],
    [
      "a flag of another command",
      { coverage: { profile: "quick" } },
      'c.json: key "coverage.profile" is not an option of coverage',
    ],
    ["a boolean for a string", { seed: true }, 'c.json: key "seed" is a string (S), not boolean true'],
    [
      "a string for a boolean",
      { run: { "all-versions": "yes" } },
      'c.json: key "run.all-versions" is true or false, not string "yes"',
    ],
    ["a list for a command", { run: ["--seed", "1"] }, 'c.json: key "run" holds run\'s flags: an object, not a list'],
    ["a list for a flag given once", { run: { seed: [1, 2] } }, 'c.json: key "run.seed" is a string (S), not a list'],
    [
      "a flag twice",
      { run: { seed: 1, Seed: 2, seed_: 3 } },
      'c.json: key "run.Seed" is not an option of run; did you mean seed?',
    ],
    [
      "both spellings",
      { run: { "num-runs": 1, numRuns: 2 } },
      'c.json: key "run.numRuns": --num-runs is given twice in one object',
    ],
    ["the command line's own", { config: "other.json" }, 'c.json: key "config" is not a command or an option of one'],
  ];

  it.each(cases)("%s", async (_, config, message) => {
    const dir = folder({ "c.json": config });
    await expect(configDefaults(command("run"), commands, { config: "c.json" }, dir)).rejects.toThrow(message);
  });

  it("is exit 2 from the command, whichever command runs", async () => {
    const file = join(folder({ "c.json": { run: { profle: "quick" } } }), "c.json");
    const r = await cli("replay", "x.yaml", "--config", file);
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      `matchconform: ${file}: key "run.profle" is not an option of run; did you mean profile? (see matchconform replay --help)`,
    );
  });

  it.each([
    [{ "matchconform.config.json": "{ seed: 7 }" }, {}, /^matchconform\.config\.json is not valid JSON: /],
    [{ "matchconform.config.mjs": "export const seed = 7;" }, {}, "matchconform.config.mjs has no default export"],
    [
      { "matchconform.config.mjs": "throw new Error('boom');" },
      {},
      "matchconform.config.mjs could not be loaded: boom",
    ],
    [{ "matchconform.config.json": "[]" }, {}, "matchconform.config.json: the config is not an object"],
    [
      { "matchconform.config.json": {}, "package.json": { matchconform: {} } },
      {},
      'config in more than one place (matchconform.config.json, package.json\'s "matchconform" key): keep one',
    ],
    [{}, { config: "missing.json" }, "--config missing.json: no such file"],
    [{ "c.yaml": "seed: 1" }, { config: "c.yaml" }, "--config c.yaml: a config is a .json, .mjs or .js file"],
    [{ "package.json": { name: "p" } }, { config: "package.json" }, 'package.json has no "matchconform" key'],
  ])("%j %j", async (files, choice, message) => {
    const dir = folder(files);
    await expect(configDefaults(command("run"), commands, choice, dir)).rejects.toThrow(message);
  });
});

it("a config in a folder of its own is named by --config, its paths read from the working directory", async () => {
  const dir = folder({});
  mkdirSync(join(dir, "ci"));
  writeFileSync(join(dir, "ci", "matchconform.json"), JSON.stringify({ run: { "report-dir": "out" } }));
  const d = await configDefaults(command("run"), commands, { config: "ci/matchconform.json" }, dir);
  expect(d).toEqual({
    values: { "report-dir": "out" },
    origin: { "report-dir": 'ci/matchconform.json, key "run.report-dir"' },
  });
});

it("README.md's example config is one", async () => {
  const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
  const example = /## The command line[\s\S]*?```json\n([\s\S]*?)```/.exec(readme)?.[1];
  expect(example).toBeDefined();
  const dir = folder({ "matchconform.config.json": example });
  expect((await configDefaults(command("run"), commands, {}, dir)).values).toEqual({
    implementation: "./my-matcher",
    profile: "quick",
    "expected-failures": "known.yaml",
  });
});
