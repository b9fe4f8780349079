// The action's install step on a stand-in package (no dependencies, so npm needs no registry):
// from the action's own checkout with npm ci, and from a package spec into a folder of its own;
// either way it says where the package and its command are, the command read from package.json.
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const scratch = mkdtempSync(join(tmpdir(), "action-install-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const exec = promisify(execFile);

/** A package without dependencies whose command is dist/cli.js, committed or made by its build script. */
function standInPackage(built = true): string {
  const dir = mkdtempSync(join(scratch, "stand-in-"));
  const build = "node -e \"require('fs').writeFileSync('dist/cli.js', '')\"";
  const manifest = {
    name: "matchconform",
    version: "9.9.9",
    bin: { matchconform: "dist/cli.js" },
    ...(!built && { scripts: { build } }),
  };
  writeFileSync(join(dir, "package.json"), JSON.stringify(manifest));
  const lock = { ...manifest, lockfileVersion: 3, requires: true, packages: { "": manifest } };
  writeFileSync(join(dir, "package-lock.json"), JSON.stringify(lock));
  mkdirSync(join(dir, "dist"));
  if (built) writeFileSync(join(dir, "dist", "cli.js"), "#!/usr/bin/env node\n");
  return dir;
}

async function install(env: Readonly<Record<string, string>>): Promise<{ stdout: string; outputs: string }> {
  const work = mkdtempSync(join(scratch, "install-"));
  const GITHUB_OUTPUT = join(work, "output");
  writeFileSync(GITHUB_OUTPUT, "");
  const { stdout } = await exec("bash", ["action/install.sh"], {
    env: { ...process.env, GITHUB_OUTPUT, RUNNER_TEMP: work, npm_config_offline: "true", ...env },
    timeout: 60_000,
  });
  return { stdout, outputs: readFileSync(GITHUB_OUTPUT, "utf8") };
}

describe("the action's install step", () => {
  it("installs the action's own checkout with npm ci", async () => {
    const pkg = standInPackage();
    const { stdout, outputs } = await install({ ACTION_PATH: pkg, INPUT_PACKAGE: "" });
    expect(outputs).toBe(`root=${pkg}\nbin=${pkg}/dist/cli.js\n`);
    expect(stdout).toContain(`matchconform 9.9.9 in ${pkg}`);
  }, 60_000);

  it("builds a checkout whose command is not committed", async () => {
    const pkg = standInPackage(false);
    const { outputs } = await install({ ACTION_PATH: pkg, INPUT_PACKAGE: "" });
    expect(outputs).toContain(`bin=${pkg}/dist/cli.js\n`);
    expect(existsSync(join(pkg, "dist", "cli.js"))).toBe(true);
  }, 60_000);

  it("installs a package spec into a folder of its own", async () => {
    const pkg = standInPackage();
    const { outputs } = await install({ ACTION_PATH: "/nonexistent", INPUT_PACKAGE: pkg });
    const root = /^root=(.*)$/m.exec(outputs)?.[1] ?? "";
    expect(root).toMatch(/matchconform-package\/node_modules\/matchconform$/);
    expect(outputs).toContain(`bin=${root}/dist/cli.js\n`);
    expect(JSON.parse(readFileSync(join(root, "package.json"), "utf8")).version).toBe("9.9.9");
  }, 60_000);
});
