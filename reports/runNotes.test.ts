import { describe, expect, it } from "vitest";
import { unfinishedReport } from "../cli/unfinishedReport.ts";
import { runHtml } from "./runHtml.ts";
import { runJunit } from "./runJunit.ts";
import { runMarkdown } from "./runMarkdown.ts";
import { runNotes } from "./runNotes.ts";
import type { RunReport } from "./runReport.ts";
import { summary } from "./runText.ts";

const base = unfinishedReport({
  header: { matchconform: "test", seed: 1, profile: "quick", options: {}, replay: "test" },
  implementation: { name: "faulty", version: "0" },
  kubernetesVersions: ["1.37"],
  startedAt: 0,
  why: "the implementation was declared broken: 3 cases in a row got no answer in time",
});
const report: RunReport = {
  ...base,
  footer: {
    ...base.footer,
    notRun: { reason: "time limit", corpus: 12, generated: 0, invariants: 60, abandoned: 3 },
    implementationHealth: {
      children: 2,
      restarts: 1,
      timeouts: 3,
      broken: "3 cases in a row got no answer in time",
      faults: [{ child: 1, kind: "notJson", count: 1, lines: ["INFO <hello> from a dependency"] }],
    },
  },
};

describe("a report of a run that ended early", () => {
  it("says why, what was not run and what the child did wrong, with the offending line", () => {
    expect(runNotes(report).map((n) => n.text)).toEqual([
      "partial report: the implementation was declared broken: 3 cases in a row got no answer in time",
      "not run (time limit): 12 corpus tests, 0 generated scenarios, 60 invariant checks; 3 answers abandoned",
      "implementation: 2 children started, 1 restarts, 3 cases timed out; declared broken: 3 cases in a row got no answer in time",
      "protocol fault of child 1: 1 line not JSON",
    ]);
  });

  it.each([
    ["text", summary(report)],
    ["markdown", runMarkdown(report)],
    ["junit", runJunit(report)],
  ])("shows it in %s", (_, text) => {
    expect(text).toContain("declared broken");
    expect(text).toContain("INFO");
  });

  it("shows it in html, escaped", () => {
    expect(runHtml(report)).toContain("INFO &lt;hello&gt; from a dependency");
  });
});
