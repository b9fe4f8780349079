// The Go adapter kit's own Go tests (protocol on the wire, the serve loop, the admission inputs,
// the fill-ins per minor) and its formatting, at the Kubernetes 1.30 releases its go.mod
// requires. MATCHCONFORM_REQUIRE_GO=1 (CI) runs it and fails without Go, as suites/upstream does;
// otherwise it runs only where the example Go adapter is built (suites/slowSuites.ts), which
// compiles the same dependencies.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { hasGo } from "../../oracles/adapters/upstreamBuild.ts";
import { slowSuiteGate } from "../../suites/slowSuites.ts";

const gate = slowSuiteGate("goKit");
const goAvailable = await hasGo();
const kit = fileURLToPath(new URL(".", import.meta.url));
const go = (...args: string[]) =>
  spawnSync("go", args, { cwd: kit, encoding: "utf8", env: { ...process.env, GOTOOLCHAIN: "local" } });

if (!gate.runs) console.warn(`kits/go: ${gate.why}`);

describe.skipIf(!gate.runs)("the Go adapter kit", () => {
  it("passes go vet and its Go tests", () => {
    expect(goAvailable, "Go is not on PATH, and MATCHCONFORM_REQUIRE_GO=1 asks for the kit's tests").toBe(true);
    const vet = go("vet", "./...");
    expect(vet.status, vet.stderr).toBe(0);
    const test = go("test", "./...");
    expect(test.status, `${test.stdout}\n${test.stderr}`).toBe(0);
    expect(test.stdout).toMatch(/^ok\s+github\.com\/matchconform\/matchconform\/kits\/go\/serve\b/m);
  }, 1_200_000);

  it("is gofmt-formatted", () => {
    const fmt = spawnSync("gofmt", ["-l", "."], { cwd: kit, encoding: "utf8" });
    expect(fmt.error).toBeUndefined();
    expect(fmt.stdout).toBe("");
  });
});
