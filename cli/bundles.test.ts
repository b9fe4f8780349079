// bundles check refuses what it cannot check before it touches any cluster.
import { describe, expect, it } from "vitest";
import { main } from "./main.ts";

async function run(...argv: string[]): Promise<{ code: number; err: string }> {
  const err: string[] = [];
  const code = await main(
    argv,
    () => {},
    (l) => err.push(l),
  );
  return { code, err: err.join("\n") };
}

describe("bundles check, before any cluster", () => {
  it.each([
    [["bundles"], 'bundles takes "check", not nothing'],
    [["bundles", "show", "x"], 'bundles takes "check", not "show"'],
    [["bundles", "check", "--local"], "bundles check needs a report folder, a bundles folder or a bundle"],
    [["bundles", "check", "reports"], "bundles check takes --local or --kubeconfig <file>"],
    [
      ["bundles", "check", "reports", "--local", "--kubeconfig", "k"],
      "bundles check takes --local or --kubeconfig <file>",
    ],
    [["bundles", "check", "/nonexistent", "--local"], "no bundle (a folder with case.yaml) under /nonexistent"],
    [["bundles", "check", "x", "--local", "--kubernetes-version", "1.12"], "--kubernetes-version 1.12 is not one of"],
  ])("%j exits 2: %s", async (argv, message) => {
    const r = await run(...argv);
    expect(r.code).toBe(2);
    expect(r.err).toContain(message);
  });
});
