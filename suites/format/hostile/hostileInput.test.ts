// Hostile case files from the CLI: each is named and refused (exit 2, fast, the runner's memory
// untouched) while the good file next to it is still replayed; nothing prints a stack or echoes
// megabytes back.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { sourceCli } from "../../../package/sourceCli.ts";
import { type Hostile, hostileFolder } from "./hostileFiles.ts";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const parent = mkdtempSync(join(tmpdir(), "matchconform-hostile-"));

interface Ended {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function cli(args: readonly string[]): Promise<Ended> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [...sourceCli, ...args], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    p.stdout.on("data", (d: Buffer) => {
      stdout += d.toString();
    });
    p.stderr.on("data", (d: Buffer) => {
      stderr += d.toString();
    });
    // A bound far above any honest run: it ends, rather than hanging on a FIFO or a loop.
    const killer = setTimeout(() => p.kill("SIGKILL"), 100_000);
    p.on("exit", (code) => {
      clearTimeout(killer);
      resolve({ code, stdout, stderr });
    });
  });
}

const cases: [Hostile, RegExp][] = [
  ["aliasBomb", /bomb\.yaml: expands to more than 1,000,000 values/],
  ["invalidUtf8", /latin1\.yaml: is not valid UTF-8/],
  ["dangling", /dangling\.yaml: is a symbolic link to nothing/],
  ["loop", /loop-a\.yaml: is a symbolic link that loops/],
  ["fifo", /pipe\.yaml: skipped, it is a FIFO/],
  ["hugeDescription", /huge\.yaml: is 50\.0 MiB, larger than the 4\.0 MiB a case file may be/],
];

describe("replay of a folder holding a hostile file next to a good one", () => {
  it.each(cases)(
    "%s: names the file, still replays the good one, exits 2",
    async (kind, named) => {
      const r = await cli(["replay", hostileFolder(parent, kind)]);
      expect(r.stderr).toMatch(named);
      expect(r.stderr).not.toMatch(/\n\s+at /); // no stack
      expect(r.stderr.length).toBeLessThan(20_000);
      expect(r.stdout).toMatch(/^8 passed, 0 failed/m); // the good case, once for each of its 8 minors
      expect(r.code, r.stderr).toBe(kind === "fifo" ? 0 : 2);
    },
    120_000,
  );

  it("self -> . : each file is read once", async () => {
    const r = await cli(["replay", hostileFolder(parent, "self")]);
    expect(r.stdout).toMatch(/^8 passed, 0 failed/m); // the good case, once for each of its 8 minors
    expect(r.code, r.stderr).toBe(0);
  }, 120_000);

  it("an alias bomb given alone: exit 2, named, never sent to an implementation", async () => {
    const dir = hostileFolder(parent, "aliasBomb");
    const r = await cli(["run", join(dir, "bomb.yaml"), "--time-limit", "60s", "--report-dir", join(dir, "r")]);
    expect(r.stderr).toMatch(/bomb\.yaml: expands to more than/);
    expect(r.code, r.stderr).toBe(2);
  }, 120_000);
});
