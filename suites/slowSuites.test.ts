import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isBuilt, slowSuiteGate } from "./slowSuites.ts";

function cacheWith(...files: string[]): string {
  const root = mkdtempSync(join(tmpdir(), "slow-suites-"));
  for (const f of files) {
    mkdirSync(join(root, f, ".."), { recursive: true });
    writeFileSync(join(root, f), "");
  }
  return root;
}

describe("which slow suites npm test runs", () => {
  it.each([
    [
      "upstream at every minor built",
      "upstream",
      ["1.34", "1.37"],
      ["upstream/1.34-ab/upstream-oracle", "upstream/1.37-cd/upstream-oracle"],
      true,
    ],
    ["upstream at one of two minors built", "upstream", ["1.34", "1.37"], ["upstream/1.37-cd/upstream-oracle"], false],
    [
      "upstream: a folder without its binary (a build cut short)",
      "upstream",
      ["1.37"],
      ["upstream/1.37-cd/.upstream-oracle.123"],
      false,
    ],
    [
      "the minor's prefix is not another minor's (1.3 is not 1.37)",
      "upstream",
      ["1.3"],
      ["upstream/1.37-cd/upstream-oracle"],
      false,
    ],
    ["the Go adapter built", "goAdapter", [], ["go-adapter/0123/go-adapter"], true],
    ["the kit follows the Go adapter", "goKit", [], ["go-adapter/0123/go-adapter"], true],
    ["kube-apiserver built", "apiserver", [], ["kube/v1.37.2/bin/kube-apiserver"], true],
    ["nothing built", "apiserver", [], [], false],
  ] as const)("%s", (_, suite, minors, files, built) => {
    expect(isBuilt(suite, minors, cacheWith(...files))).toBe(built);
  });

  it("runs when asked, built or not, and says why it skips otherwise", () => {
    const empty = cacheWith();
    expect(slowSuiteGate("upstream", ["1.37"], { MATCHCONFORM_CACHE: empty, MATCHCONFORM_REQUIRE_GO: "1" }).runs).toBe(
      true,
    );
    expect(slowSuiteGate("apiserver", [], { MATCHCONFORM_CACHE: empty, MATCHCONFORM_APISERVER: "1" }).runs).toBe(true);
    // The Go flag does not ask for the real server, nor the server's flag for Go.
    expect(slowSuiteGate("apiserver", [], { MATCHCONFORM_CACHE: empty, MATCHCONFORM_REQUIRE_GO: "1" }).runs).toBe(
      false,
    );
    const built = cacheWith("kube/v1.37.2/bin/kube-apiserver");
    expect(slowSuiteGate("apiserver", [], { MATCHCONFORM_CACHE: built }).runs).toBe(true);
    expect(slowSuiteGate("apiserver", [], { MATCHCONFORM_CACHE: built, MATCHCONFORM_APISERVER: "0" }).runs).toBe(false);
    const skipped = slowSuiteGate("goKit", [], { MATCHCONFORM_CACHE: empty });
    expect(skipped).toEqual({ runs: false, why: expect.stringContaining("MATCHCONFORM_REQUIRE_GO=1") });
  });
});
