// The harness tested on deliberately wrong matchers (Bowtie's miniatures): the default run of
// each one reports its bug under a bucket that names it, and the correct examples report nothing.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { startChildMatcher } from "../../oracles/adapters/childMatcher.ts";
import type { Matcher } from "../../oracles/adapters/matcher.ts";
import type { RunReport } from "../../reports/runReport.ts";
import { collectCaseFiles } from "../format/collectCaseFiles.ts";
import { loadCaseFile } from "../format/loadCaseFile.ts";
import { profiles } from "./options.ts";
import { runConformance } from "./run.ts";

const root = (p: string) => fileURLToPath(new URL(`../../${p}`, import.meta.url));
const simpleMatcher = `node ${root("examples/simple-matcher/simple-matcher.mjs")}`;
const cases = collectCaseFiles([root("suites/cases")]).flatMap(loadCaseFile);

async function defaultRun(command: string): Promise<RunReport> {
  const matcher: Matcher = await startChildMatcher(command);
  try {
    return await runConformance({
      matcher,
      options: { budget: profiles.default, seed: 20261201, minors: ["1.37"], caseFiles: [] },
      cases,
      expected: [],
      progress: { phase() {}, tick() {} },
      header: { matchconform: "test", profile: "default", options: {}, replay: "test" },
    });
  } finally {
    await matcher.close();
  }
}

/** Each bug and the bucket that names it: the model's deciding clause and the two outcomes. */
const miniatures: readonly (readonly [string, RegExp])[] = [
  [
    "pods-star-excludes-main",
    /^rules\.resource\.subresourceWildcardMatchesMain · model match · implementation noMatch$/,
  ],
  ["star-matches-subresources", /^rules\.resource\.subresourceMiss · model noMatch · implementation match$/],
  ["object-selector-new-only", /^objectSelector\.oldObjectMatches · model match · implementation noMatch$/],
  [
    "omitted-matchpolicy-exact",
    /^(matchResources|webhook)\.equivalentRuleMatches · model match · implementation noMatch$/,
  ],
  ["namespace-object-stored-labels", /^namespaceSelector\.namespaceObjectUsesNewLabels · /],
  [
    "cluster-scoped-uses-namespace-selector",
    /^namespaceSelector\.clusterScopedAlwaysMatches · model match · implementation noMatch$/,
  ],
  ["exclude-ignores-equivalent", /^matchResources\.excludeWins · model noMatch · implementation match$/],
  ["selector-error-always", /^namespaceSelector\.namespaceNotFound · model noMatch · implementation error$/],
  ["missing-namespace-no-match", /^namespaceSelector\.namespaceNotFound · model error · implementation noMatch$/],
  ["resource-names-ignore-empty", /^matchResources\.resourceNames(Hit|Miss) · model match · implementation noMatch$/],
  ["no-exemptions", /^(webhook|policy)\.exempt\w+ · model noMatch · implementation match$/],
  [
    "scope-namespaced-includes-namespace",
    /^rules\.scope\.(namespacedExcludesNamespaceObject|clusterIncludesNamespaceObject) · /,
  ],
  [
    "empty-resource-rules-match-nothing",
    /^matchResources\.emptyResourceRulesMatchAll · model match · implementation noMatch$/,
  ],
  ["no-binding-still-evaluated", /^policy\.withoutBindingNeverEvaluated · model noMatch · implementation match$/],
  ["mutating-policy-handles-delete", /^policy\.mutatingNeverHandlesDelete · model noMatch · implementation match$/],
  ["config-error-respects-warn", /^namespaceSelector\.namespaceNotFound · model error · implementation noMatch$/],
  ["validation-order-independent", /^validation\.accepted · model (match|noMatch) · implementation invalid$/],
  [
    "first-equivalent-by-registry",
    /^(matchResources|webhook)\.equivalentRuleMatches · model match · implementation match$/,
  ],
  ["exact-pass-per-rule", / · model match · implementation match$/],
  ["webhook-ignore-swallows-errors", /^namespaceSelector\.namespaceNotFound · model error · implementation noMatch$/],
  ["no-namespace-object-lookup", /^policy\.namespaceObjectNotFound · model error · implementation match$/],
];

describe("miniatures", () => {
  it.each(miniatures)(
    "%s is reported under a bucket that names it",
    async (bug, bucket) => {
      const report = await defaultRun(`${simpleMatcher} --bug ${bug}`);
      expect(report.footer.exitCode).toBe(1);
      const signatures = report.buckets.map((b) => b.signature);
      expect(
        signatures.some((s) => bucket.test(s)),
        signatures.join("\n"),
      ).toBe(true);
    },
    90_000,
  );

  it.each([
    ["the simple matcher without a bug", simpleMatcher],
    ["the model behind the protocol", `node ${root("examples/model-matcher.mjs")}`],
  ])(
    "%s reports nothing",
    async (_, command) => {
      const report = await defaultRun(command);
      expect(report.buckets.map((b) => b.signature)).toEqual([]);
      expect(report.footer.exitCode).toBe(0);
    },
    90_000,
  );
});
