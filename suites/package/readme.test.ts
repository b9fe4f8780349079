// The README's first screen stays true: its sample run is what the command prints, timings aside.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { sourceCli } from "../../package/sourceCli.ts";
import { repoRoot } from "./freshProject.ts";

/** The README's sample block: the command after `$ npx matchconform `, then what it printed. */
function readmeSample(): { args: string[]; output: string } {
  const readme = readFileSync(join(repoRoot, "README.md"), "utf8");
  const block = /```text\n\$ npx matchconform (.*)\n([\s\S]*?)```/.exec(readme);
  if (!block?.[1] || block[2] === undefined)
    throw new Error("README.md has no ```text block starting with $ npx matchconform");
  // The command line as a shell splits it: words, and double-quoted strings.
  const args = [...block[1].matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2] ?? "");
  return { args, output: block[2] };
}

const timings = (text: string) => text.replace(/after \d+ ms/g, "after N ms");

it("README.md's sample run is what the command prints", () => {
  const { args, output } = readmeSample();
  // A folder of its own for the report, where the README's relative paths still resolve.
  const dir = mkdtempSync(join(tmpdir(), "matchconform-readme-"));
  symlinkSync(join(repoRoot, "examples"), join(dir, "examples"));
  const r = spawnSync(process.execPath, [...sourceCli, ...args], { cwd: dir, encoding: "utf8", timeout: 90_000 });
  expect(r.status).toBe(1);
  expect(timings(r.stdout)).toBe(timings(output));
}, 120_000);
