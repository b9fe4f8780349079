// bundles check, without a server: where bundles are found and what each verdict rests on, with a
// stand-in for the server that answers what each test's table row says.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Answer, Matcher } from "../../oracles/adapters/matcher.ts";
import { matchEverything } from "../../oracles/apiserver/testQueries.ts";
import { fullCapabilities } from "../../oracles/contract/capabilities.ts";
import { toCaseFile } from "../../reports/caseFile.ts";
import { checkBundles, findBundles } from "./checkBundles.ts";

const match: Answer = { answer: "outcome", outcome: { outcome: "match" } };
const noMatch: Answer = { answer: "outcome", outcome: { outcome: "noMatch" } };

function server(answer: Answer): Matcher {
  return {
    info: { name: "stand-in", version: "v1.37.0", language: "ts" },
    subjects: ["MatchResources"],
    input: "manifest",
    kubernetesVersions: ["1.37"],
    capabilities: fullCapabilities,
    match: async () => answer,
    close: async () => {},
  };
}

/** A report folder with one bundle whose case expects a match at the given minor. */
function reportDir(minor: "1.37" | "1.30" = "1.37"): string {
  const dir = mkdtempSync(join(tmpdir(), "matchconform-bundles-"));
  const bundle = join(dir, "bundles", "01-some-bucket");
  mkdirSync(bundle, { recursive: true });
  const q = { ...matchEverything, kubernetesVersion: minor };
  writeFileSync(
    join(bundle, "case.yaml"),
    toCaseFile([{ description: "the example", query: q, outcome: { outcome: "match" } }]),
  );
  return dir;
}

describe("findBundles", () => {
  it("finds the bundles under a report folder, a bundles folder, or the one bundle given", () => {
    const dir = reportDir();
    const one = join(dir, "bundles", "01-some-bucket");
    expect(findBundles(dir)).toEqual([one]);
    expect(findBundles(join(dir, "bundles"))).toEqual([one]);
    expect(findBundles(one)).toEqual([one]);
    expect(findBundles(join(dir, "nothing"))).toEqual([]);
  });
});

describe("checkBundles", () => {
  it.each([
    ["a server that decides as the case", match, "reproduced", undefined],
    ["a server that decides otherwise", noMatch, "differs", undefined],
    [
      "a server that cannot be asked",
      { answer: "skipped", message: "the namespace does not exist" },
      "not reproducible",
      "the namespace does not exist",
    ],
    ["a server that fails", { answer: "errored", message: "batch 1 failed" }, "errored", "batch 1 failed"],
  ] as const)("%s: %s", async (_, answer, verdict, why) => {
    const [v] = await checkBundles(server(answer), findBundles(reportDir()), "1.37");
    expect(v?.verdict).toBe(verdict);
    expect(v?.why).toBe(why);
    expect(v?.bundle).toMatch(/bundles\/01-some-bucket$/);
  });

  it("does not ask a case at a minor other than the server's, and says so", async () => {
    const [v] = await checkBundles(server(match), findBundles(reportDir("1.30")), "1.37");
    expect(v?.verdict).toBe("not reproducible");
    expect(v?.why).toBe("the case applies to Kubernetes 1.30, the server is 1.37");
  });
});
