// A --module file that cannot be loaded is named in the error (exit 2). That every kind of file
// loads in either kind of project is tested on the packed package, in plain Node
// (suites/package/tarball.test.ts): here vitest's own loader would import them whatever we did.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { writeModuleProject } from "../../suites/package/moduleProject.ts";
import { MatcherStartError } from "./matcher.ts";
import { loadModuleMatcher } from "./moduleMatcher.ts";

describe.each(["commonjs", "module"] as const)('a project of "type": "%s"', (type) => {
  const dir = mkdtempSync(join(tmpdir(), `matchconform-module-${type}-`));
  writeModuleProject(dir, type);

  it("names a TypeScript file that does not compile", async () => {
    const file = join(dir, "broken.ts");
    const loading = loadModuleMatcher(file);
    await expect(loading).rejects.toBeInstanceOf(MatcherStartError);
    await expect(loading).rejects.toThrow(`${file} could not be loaded: Build failed with 1 error`);
  });

  it.each(["missing.ts", "missing.mjs"])("names %s, which does not exist", async (name) => {
    await expect(loadModuleMatcher(join(dir, name))).rejects.toThrow(`${join(dir, name)} could not be loaded`);
  });
});

describe("a module whose top-level await never settles", () => {
  it("is said to have never finished loading, not only by node's exit code", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "matchconform-module-tla-")), "waits.mjs");
    writeFileSync(file, "await new Promise(() => {});\nexport default {};\n");
    await expect(loadModuleMatcher(file, { startTimeoutMs: 120_000 })).rejects.toThrow(
      /exited with code 13 before answering start \(node's code for a top-level await that never settled: the module never finished loading\)/,
    );
  }, 180_000);
});
