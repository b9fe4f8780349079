// --update-expected-failures writes the list a run implies, but never an empty one from a run that
// did not end complete: that list would only say what the run did not reach.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Completion, RunReport } from "../reports/runReport.ts";
import { writeRunFiles } from "./runFiles.ts";
import { unfinishedReport } from "./unfinishedReport.ts";

const known = '# known\n- bucket: "a · match ≠ noMatch"\n  reason: recorded before\n';

function ended(completion: Completion): RunReport {
  const base = unfinishedReport({
    header: { matchconform: "test", seed: 1, profile: "quick", options: {}, replay: "test" },
    implementation: { name: "m", version: "1" },
    kubernetesVersions: ["1.37"],
    startedAt: 0,
    why: "",
  });
  return { ...base, buckets: [], footer: { ...base.footer, completion } };
}

function update(file: string, report: RunReport): string[] {
  const said: string[] = [];
  writeRunFiles({ cases: [], updateExpectedFailures: file }, report, [], (l) => said.push(l));
  return said;
}

const cut: Completion = {
  status: "incomplete",
  cause: "timeLimit",
  reason: "the time limit ran out before the promised work was done: 0 of 3 causes reduced",
  shortfalls: [{ work: "reduction", done: 0, promised: 3 }],
};

describe("--update-expected-failures", () => {
  it("refuses to overwrite a file with an empty list when the run was incomplete, and says why", () => {
    const file = join(mkdtempSync(join(tmpdir(), "matchconform-ef-")), "known.yaml");
    writeFileSync(file, known);
    const said = update(file, ended(cut));
    expect(readFileSync(file, "utf8")).toBe(known);
    expect(said.join("\n")).toMatch(/known\.yaml not overwritten: the run was incomplete \(the time limit ran out/);
  });

  it("writes no empty file either from an incomplete run", () => {
    const file = join(mkdtempSync(join(tmpdir(), "matchconform-ef-")), "known.yaml");
    expect(update(file, ended(cut)).join("\n")).toMatch(/not written: the run was incomplete/);
    expect(existsSync(file)).toBe(false);
  });

  it("writes the empty list of a complete run: nothing is known to fail", () => {
    const file = join(mkdtempSync(join(tmpdir(), "matchconform-ef-")), "known.yaml");
    writeFileSync(file, known);
    expect(update(file, ended({ status: "complete" }))).toEqual([`0 expected failures written to ${file}`]);
    expect(readFileSync(file, "utf8")).toMatch(/\n\[\]\n$/);
  });
});
