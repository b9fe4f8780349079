// Both skeletons run through the real CLI, as an implementer would start them: each is correct on
// the scope it declares, so the run finds nothing, and the runner sent nothing outside that scope.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { sourceCli } from "../../package/sourceCli.ts";

const scratch = mkdtempSync(join(tmpdir(), "skeletons-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const run = promisify(execFile);

const skeletons = [
  ["--module", "examples/skeletons/module-matcher.ts"],
  ["--implementation", "node --import tsx examples/skeletons/child-matcher.ts"],
] as const;

interface Report {
  readonly header: { readonly implementation: { readonly name: string }; readonly capabilities: unknown };
  readonly footer: {
    readonly exitCode: number;
    readonly corpus: { readonly passed: number; readonly failed: number; readonly skipped: number };
  };
}

describe.each(skeletons)("the skeleton run with %s %s", (flag, target) => {
  it("passes what it claims, and is sent only that", async () => {
    const dir = mkdtempSync(join(scratch, "skeleton-"));
    const args = [...sourceCli, "run", flag, target, "--profile", "quick", "--seed", "7", "--report-dir", dir];
    const { stdout } = await run(process.execPath, args, { timeout: 60_000 });
    expect(stdout).toContain("No divergence.");
    expect(stdout).toContain("claimed profile: operations CREATE; subresources none");
    const report = JSON.parse(readFileSync(join(dir, "report.json"), "utf8")) as Report;
    expect(report.header.implementation.name).toBe("skeleton-matcher");
    expect(report.footer.exitCode).toBe(0);
    expect(report.footer.corpus.failed).toBe(0);
    expect(report.footer.corpus.passed).toBeGreaterThan(50);
    expect(report.footer.corpus.skipped).toBe(0); // it skips any subject kind but MatchResources
  }, 90_000);
});
