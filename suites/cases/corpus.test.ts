// Sanity of the corpus itself: it loads, reads as facts, covers every subject kind and every
// reachable clause, and the reference model passes all of it.
import { readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { load as loadYaml } from "js-yaml";
import { describe, expect, it } from "vitest";
import { subjectKinds } from "../../oracles/contract/subject.ts";
import { clauseNames, clauses } from "../../oracles/model/clauses.ts";
import { formatFailures } from "../../reports/replayText.ts";
import { collectCaseFiles } from "../format/collectCaseFiles.ts";
import { loadCaseFile } from "../format/loadCaseFile.ts";
import { replayWithModel } from "../replay/replayCases.ts";

const here = dirname(fileURLToPath(import.meta.url));
const files = collectCaseFiles([here]);
const cases = files.flatMap(loadCaseFile);
const results = replayWithModel(cases);
const modal = /\b(should|must|may|might|can|could|would|shall)\b/i;

const concerns = [
  "resourceRules",
  "excludeResourceRules",
  "scope",
  "subresources",
  "namespaceSelector",
  "objectSelector",
  "labelSelectors",
  "matchPolicy",
  "resourceNames",
  "bindings",
  "exemptions",
  "webhooks",
  "defaulting",
  "validation",
  "versions",
  "nulls",
  "matchConditions-webhooks",
  "matchConditions-policies",
  "matchConditions-validation",
  "matchConditions-strings",
  "matchConditions-compile",
  "userInfo",
  "params-refs",
  "params-conditions",
  "params-validation",
  "realistic-resources",
];

describe("the corpus", () => {
  it("has one file per concern", () => {
    expect(files.map((f) => basename(f, ".yaml")).sort()).toEqual([...concerns].sort());
  });

  it("holds at least 250 tests", () => {
    expect(cases.reduce((n, c) => n + c.tests.length, 0)).toBeGreaterThanOrEqual(250);
  });

  it("names a source for every case", () => {
    expect(cases.filter((c) => !c.source).map((c) => c.description)).toEqual([]);
  });

  it("states facts: no modal verbs in descriptions", () => {
    const modalDescriptions = cases.flatMap((c) =>
      [c.description, ...c.tests.map((t) => t.description)].filter((d) => modal.test(d)),
    );
    expect(modalDescriptions).toEqual([]);
  });

  it("covers every subject kind", () => {
    const kinds = new Set(cases.map((c) => c.subject.kind));
    expect(subjectKinds.filter((k) => !kinds.has(k))).toEqual([]);
  });

  it("reaches every reachable clause of the model", () => {
    const taken = new Set(results.flatMap((r) => r.clauses));
    const missing = clauseNames.filter((name) => clauses[name].reachable && !taken.has(name));
    expect(missing).toEqual([]);
  });

  it("passes on the reference model at every minor", () => {
    const failures = formatFailures(results);
    expect(failures.join("\n\n")).toBe("");
  });
});

interface EdgeCaseEntry {
  readonly edgeCase: number;
  readonly title: string;
  readonly cases?: readonly { readonly file: string; readonly case: string }[];
  readonly outsideFormatV1?: string;
}

describe("the 41 edge cases of upstream-semantics.md §6", () => {
  const index = loadYaml(readFileSync(join(here, "edge-cases.yaml"), "utf8")) as EdgeCaseEntry[];

  it("lists each edge case once", () => {
    expect(index.map((e) => e.edgeCase)).toEqual(Array.from({ length: 41 }, (_, i) => i + 1));
  });

  it.each(index.map((e) => [e.edgeCase, e] as const))("edge case %i appears in the corpus or says why not", (_, e) => {
    if (e.outsideFormatV1 !== undefined) {
      expect(e.cases ?? []).toEqual([]);
      expect(e.outsideFormatV1.length).toBeGreaterThan(20);
      return;
    }
    expect(e.cases?.length).toBeGreaterThan(0);
    for (const ref of e.cases ?? []) {
      const found = cases.some((c) => basename(c.file) === ref.file && c.description === ref.case);
      expect(found, `${ref.file}: "${ref.case}"`).toBe(true);
    }
  });
});
