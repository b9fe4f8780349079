// The example Go adapter (k8s.io/apiserver's policy matcher behind the Go adapter kit) passes the
// corpus within what it declares: every MatchResources test at the minor of its k8s.io/apiserver,
// validation and defaulting not claimed. Built on first use by build.sh into a cache outside the
// repository (a few minutes cold). MATCHCONFORM_REQUIRE_GO=1 (CI) builds it and fails without Go,
// as suites/upstream does; otherwise the test runs only where it is already built
// (suites/slowSuites.ts).
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { sourceCli } from "../../cli/sourceCli.ts";
import { hasGo, runBuildScript } from "../../oracles/adapters/upstreamBuild.ts";
import { slowSuiteGate } from "../../suites/slowSuites.ts";

const gate = slowSuiteGate("goAdapter");
const goAvailable = await hasGo();
const root = fileURLToPath(new URL("../../", import.meta.url));

if (!gate.runs) console.warn(`examples/go-adapter: ${gate.why}`);

describe.skipIf(!gate.runs)("the example Go adapter", () => {
  let binary: string;

  beforeAll(async () => {
    if (!goAvailable)
      throw new Error("Go is not on PATH, and MATCHCONFORM_REQUIRE_GO=1 asks for the example Go adapter");
    binary = await runBuildScript(`${root}examples/go-adapter/build.sh`, [], "the example Go adapter", (line) =>
      process.stderr.write(`${line}\n`),
    );
  }, 1_800_000);

  it("passes every corpus test it is sent, and is sent only what it declares", () => {
    const r = spawnSync(
      process.execPath,
      [...sourceCli, "replay", `${root}suites/cases`, "--implementation", JSON.stringify(binary)],
      { encoding: "utf8", timeout: 300_000 },
    );
    expect(r.stderr).not.toMatch(/panic|errored/);
    const summary = r.stdout.match(/^(\d+) passed, (\d+) failed, (\d+) skipped/m);
    expect(summary, r.stdout).not.toBeNull();
    const [, passed, failed, skipped] = (summary ?? []).map(Number);
    expect(failed, r.stdout).toBe(0);
    expect(passed).toBeGreaterThan(150);
    // The only skips are the runner's: validation tests outside the declared capabilities.
    expect(r.stdout).toMatch(
      new RegExp(
        `NOT RUN ${skipped} × skipped by the implementation: outside the claimed scope: API validation not claimed`,
      ),
    );
    expect(r.stdout).toMatch(/does not declare the subject kind ValidatingAdmissionPolicy/);
    expect(r.status, r.stdout).toBe(0);
  }, 300_000);
});
