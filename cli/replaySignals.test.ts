// replay interrupted: SIGTERM or SIGINT while a child that ignores EOF and SIGTERM holds every
// case; replay exits 143 or 130 and leaves no process of the child behind.
import { spawn, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { sourceCli } from "../package/sourceCli.ts";

const root = fileURLToPath(new URL("../", import.meta.url));
const stuck = fileURLToPath(new URL("./fixtures/stuckMatcher.mjs", import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const running = (marker: string) =>
  spawnSync("ps", ["-eo", "pid,args"], { encoding: "utf8" })
    .stdout.split("\n")
    .filter((l) => l.includes(marker) && l.includes(stuck) && !l.includes("matchconform"));

describe("replay interrupted", () => {
  it.each([
    ["SIGTERM", 143],
    ["SIGINT", 130],
  ] as const)(
    "by %s: exits %i, nothing left",
    async (signal, code) => {
      const marker = `replay-${signal}-${process.pid}-${Date.now()}`;
      const cli = spawn(
        process.execPath,
        [
          ...sourceCli,
          "replay",
          "suites/cases/bindings.yaml",
          "--implementation",
          `node ${stuck} ${marker}`,
          "--case-timeout",
          "10m",
        ],
        { cwd: root, stdio: ["ignore", "pipe", "pipe"] },
      );
      let stderr = "";
      cli.stderr.on("data", (d: Buffer) => {
        stderr += d.toString();
      });
      const exited = new Promise<number | null>((resolve) => cli.on("exit", resolve));
      while (running(marker).length === 0 && cli.exitCode === null) await sleep(200);
      await sleep(1000);
      cli.kill(signal);
      expect(await exited, stderr).toBe(code);
      await sleep(300);
      expect(running(marker)).toEqual([]);
    },
    120_000,
  );
});
