// The package as its users get it: packed with `npm pack` (which builds it) and installed into a
// new `npm init -y` project, with the commands run there as a user would.
import type { SpawnSyncReturns } from "node:child_process";
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = fileURLToPath(new URL("../../", import.meta.url));

export interface Packed {
  readonly tarball: string;
  readonly size: number;
  readonly unpackedSize: number;
  readonly files: readonly string[];
}

/** The environment without what an `npm test` around us set (npm_config_*), which would steer the child npm. */
function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.toLowerCase().startsWith("npm_")));
}

export function sh(
  cwd: string,
  command: string,
  args: readonly string[],
  timeoutMs = 120_000,
): SpawnSyncReturns<string> {
  return spawnSync(command, args, { cwd, env: cleanEnv(), encoding: "utf8", timeout: timeoutMs });
}

function checked(r: SpawnSyncReturns<string>, what: string): string {
  if (r.status !== 0) throw new Error(`${what} exited ${r.status ?? r.signal}:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

export function pack(): Packed {
  const dir = mkdtempSync(join(tmpdir(), "matchconform-pack-"));
  const out = checked(sh(repoRoot, "npm", ["pack", "--json", "--pack-destination", dir]), "npm pack");
  // npm pack prints the prepare script's output before the JSON.
  const [info] = JSON.parse(out.slice(out.indexOf("[\n"))) as {
    filename: string;
    size: number;
    unpackedSize: number;
    files: { path: string }[];
  }[];
  if (info === undefined) throw new Error(`npm pack printed no JSON:\n${out}`);
  return {
    tarball: join(dir, info.filename),
    size: info.size,
    unpackedSize: info.unpackedSize,
    files: info.files.map((f) => f.path),
  };
}

/** A new `npm init -y` project with the tarball installed (the npm cache is used where it can be). */
export function freshProject(tarball: string, npmArgs: readonly string[] = []): string {
  const dir = mkdtempSync(join(tmpdir(), "matchconform-consumer-"));
  checked(sh(dir, "npm", ["init", "-y"]), "npm init -y");
  const install = ["install", tarball, "--no-audit", "--no-fund", "--prefer-offline", ...npmArgs];
  checked(sh(dir, "npm", install, 240_000), `npm ${install.join(" ")}`);
  return dir;
}
