// The harness tested on deliberately wrong matchers (Bowtie's miniatures), whose causes are known:
// each bug switch alone is reported as one cause (rarely two symptoms) titled with what the
// matcher does (bugTitles.ts), with a minimal case; the offline evaluator's real-world bugs are
// found by the default run at seeds 1–3, each as one cause with its title; combinations report the union of their switches' causes; an
// expected-failures file written from one seed holds on another; the correct examples report nothing.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { RunReport } from "../../reports/runReport.ts";
import { applyExpectedFailures, updatedExpectedFailures } from "../triage/expectedFailures.ts";
import { bugTitles, realWorldBugs, realWorldTitles } from "./bugTitles.ts";
import type { SingleResult } from "./diagnosisQuality.ts";
import { bugSwitches, combinations, runBugs, runCommand } from "./diagnosisQuality.ts";

const seed = 20261201;
const root = (p: string) => fileURLToPath(new URL(`../../${p}`, import.meta.url));

/** Each bug and the key of the cause it must be reported under. */
const causes: Readonly<Record<(typeof bugSwitches)[number], RegExp>> = {
  "pods-star-excludes-main": /^behaviour leaves the resource itself out of "x\/\*"$/,
  "star-matches-subresources": /^behaviour matches subresources with "\*"$/,
  "object-selector-new-only": /^behaviour matches the objectSelector on the new object only$/,
  "omitted-matchpolicy-exact": /^behaviour takes an omitted matchPolicy as Exact$/,
  "namespace-object-stored-labels": /^behaviour matches a Namespace on its stored labels$/,
  "cluster-scoped-uses-namespace-selector": /^behaviour evaluates the namespaceSelector on a cluster-scoped request$/,
  "exclude-ignores-equivalent":
    /^(behaviour matches excludeResourceRules as Exact|matching\.excludeWins · match ≠ noMatch)$/,
  "selector-error-always": /^behaviour looks up a missing namespace kube-apiserver does not ask for( · |$)/,
  "missing-namespace-no-match": /^behaviour decides a namespaceSelector on a missing namespace( · |$)/,
  "resource-names-ignore-empty": /^behaviour never matches the name "" in resourceNames$/,
  "no-exemptions": /^behaviour does not exempt the admission-exempt kinds$/,
  "scope-namespaced-includes-namespace": /^behaviour takes a Namespace as namespaced in a rule's scope$/,
  "empty-resource-rules-match-nothing": /^behaviour takes resourceRules \[\] as matching nothing$/,
  "no-binding-still-evaluated": /^behaviour evaluates a policy that no binding selects$/,
  "mutating-policy-handles-delete": /^behaviour dispatches a MutatingAdmissionPolicy for DELETE$/,
  "config-error-respects-warn": /^behaviour drops a configuration error when the binding only warns( · |$)/,
  "validation-order-independent": /^behaviour rejects a rule's resources whatever their order$/,
  "first-equivalent-by-registry": /^behaviour orders the equivalent pass by the registry, not by the rules$/,
  "exact-pass-per-rule": /^behaviour tries a rule's equivalent resources before the next rule's own resource$/,
  "webhook-ignore-swallows-errors": /^behaviour swallows a selector's error under failurePolicy Ignore( · |$)/,
  "no-namespace-object-lookup": /^behaviour does not look up a matched policy's namespace( · |$)/,
};

/**
 * Switches whose bug shows only on a request in a namespace that does not exist, which no real
 * cluster sends to admission: their cause is reported apart (unrealInputs) and the run does not fail.
 */
// selector-error-always is not among them: at this seed it also fails a deletecollection of a
// cluster-scoped custom resource named namespaces, which a real cluster sends (its lookup of ""),
// and that example is shown before an unreal one (realism.ts). webhook-ignore-swallows-errors did
// too while nearly every generated DELETE was a deletecollection item (rolls ignored their rates,
// unitDouble.ts drawUnitRoll); with 15 % of them, its real example is not drawn at this seed.
const unrealOnly = new Set([
  "missing-namespace-no-match",
  "config-error-respects-warn",
  "no-namespace-object-lookup",
  "webhook-ignore-swallows-errors",
]);

const singles: SingleResult[] = [];
/** The causes and the causes on unreal inputs: a switch's cause may be either. */
const all = (r: RunReport) => [...r.buckets, ...(r.unrealInputs ?? [])];
const keys = (r: RunReport) => all(r).map((b) => b.signature);
const titles = (r: RunReport) => all(r).map((b) => b.title);

describe("miniatures", () => {
  it.each(bugSwitches)(
    "%s is reported as its own cause, with a minimal case",
    async (bug) => {
      const started = performance.now();
      const report = await runBugs([bug], seed);
      singles.push({ bug, keys: keys(report), durationMs: performance.now() - started });
      expect(report.footer.exitCode).toBe(unrealOnly.has(bug) ? 0 : 1);
      // Causes are ranked by impact, not by count: the switch's own is among them.
      expect(
        keys(report).some((k) => causes[bug].test(k)),
        keys(report).join("\n"),
      ).toBe(true);
      expect(
        titles(report).some((t) => bugTitles[bug].test(t)),
        titles(report).join("\n"),
      ).toBe(true);
      // One cause; a bug with two symptoms (a request failed, a decision turned round) may show both.
      expect(all(report).length, keys(report).join("\n")).toBeLessThanOrEqual(bug === "exact-pass-per-rule" ? 4 : 3);
      for (const b of all(report)) {
        expect(b.reduction.status, `${b.signature}: ${b.reduction.why}`).toBe("minimal");
        expect(b.reduction.lines).toBeLessThanOrEqual(90);
        expect(b.title).not.toMatch(/undefined/);
      }
    },
    90_000,
  );

  // Measured: 31 buckets for the 21 switches at this seed; the ten extra are second symptoms of
  // five switches (a kindless equivalent's error, a request failed instead of decided), none of
  // them shared with another switch. The bound keeps a regression from passing unseen.
  it("reports about one bucket per switch in all", () => {
    expect(singles).toHaveLength(bugSwitches.length);
    const buckets = singles.reduce((n, s) => n + s.keys.length, 0);
    expect(buckets / singles.length).toBeLessThanOrEqual(1.5);
  });

  it.each(combinations(6, bugSwitches, 7).map((bugs, i) => [bugs.join(","), bugs, i + 1] as const))(
    "%s reports each switch's own cause, and few others",
    async (_, bugs, s) => {
      const report = await runBugs(bugs, s);
      const found = keys(report);
      for (const bug of bugs)
        expect(
          found.some((k) => causes[bug as (typeof bugSwitches)[number]].test(k)),
          `${bug}:\n${found.join("\n")}`,
        ).toBe(true);
      expect(found.length).toBeLessThanOrEqual(Math.ceil(bugs.length * 1.5));
    },
    90_000,
  );

  it("an expected-failures file written from one seed leaves no new cause on another", async () => {
    const bugs = ["object-selector-new-only", "no-exemptions", "validation-order-independent"];
    const file = updatedExpectedFailures(await runBugs(bugs, seed), []);
    expect(file.map((e) => e.bucket ?? e.family)).toContain(
      "behaviour rejects a rule's resources whatever their order",
    );
    const other = await runBugs(bugs, 3);
    const open = applyExpectedFailures(other.buckets, file).buckets.filter((b) => !b.expectedFailure);
    expect(open.map((b) => b.signature)).toEqual([]);
  }, 90_000);

  it.each(realWorldBugs.flatMap((bug) => [1, 2, 3].map((s) => [bug, s] as const)))(
    "the offline evaluator's %s is one cause with its title at seed %i",
    async (bug, s) => {
      const report = await runCommand(
        `node ${root("examples/offline-evaluator/offline-evaluator.mjs")} --bug ${bug}`,
        s,
      );
      expect(report.buckets.map((b) => b.title)).toHaveLength(1);
      expect(report.buckets[0]?.title).toMatch(realWorldTitles[bug]);
    },
    120_000,
  );

  it.each([
    ["the simple matcher without a bug", `node ${root("examples/simple-matcher/simple-matcher.mjs")}`],
    ["the model behind the protocol", `node ${root("examples/model-matcher.mjs")}`],
  ])(
    "%s reports nothing",
    async (_, command) => {
      const report = await runCommand(command, seed);
      expect(report.buckets.map((b) => b.signature)).toEqual([]);
      expect(report.footer.exitCode).toBe(0);
    },
    90_000,
  );
});
