// `replay suites/cases` as kits/go's README writes it, typed in a project that installed the package.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { packagePath } from "../package/packageRoot.ts";
import { withPackageFallback } from "./packageFallback.ts";

const home = process.cwd();
afterEach(() => process.chdir(home));

describe("withPackageFallback", () => {
  it("reads a package path missing from the working directory from the package, and says so", () => {
    process.chdir(mkdtempSync(join(tmpdir(), "matchconform-project-")));
    const notes: string[] = [];
    expect(withPackageFallback(["suites/cases", "suites/cases/nulls.yaml"], (l) => notes.push(l))).toEqual([
      packagePath("suites/cases"),
      packagePath("suites/cases/nulls.yaml"),
    ]);
    expect(notes[0]).toMatch(
      /^matchconform: suites\/cases is not in the working directory; reading matchconform's own /,
    );
  });

  it("leaves a path that exists, an absolute one and one the package lacks as given, silently", () => {
    const notes: string[] = [];
    const given = ["suites/cases", "/nowhere/x.yaml", "my-cases/none.yaml"];
    expect(withPackageFallback(given, (l) => notes.push(l))).toEqual(given);
    expect(notes).toEqual([]);
  });
});
