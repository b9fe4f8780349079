import { describe, expect, it } from "vitest";
import { unfinishedReport } from "../cli/unfinishedReport.ts";
import { runHtml } from "./runHtml.ts";
import { runMarkdown } from "./runMarkdown.ts";
import type { RunReport } from "./runReport.ts";
import { summary } from "./runText.ts";

const why = "the implementation did not answer start within 30 s";
const neverStarted = unfinishedReport({
  header: { matchconform: "test", seed: 1, profile: "quick", options: {}, replay: "test" },
  implementation: { name: "slow", version: "0" },
  kubernetesVersions: [],
  startedAt: 0,
  why,
});
const agreedOnce: RunReport = {
  ...neverStarted,
  header: { ...neverStarted.header, kubernetesVersions: ["1.37"] },
  footer: { ...neverStarted.footer, corpus: { passed: 1, failed: 0, skipped: 0 } },
};

describe("a run that decided nothing", () => {
  it("says nothing was tested, and why, in every format, never that nothing diverged", () => {
    for (const text of [summary(neverStarted), runMarkdown(neverStarted), runHtml(neverStarted)]) {
      expect(text).toContain(`Nothing was tested: ${why}`);
      expect(text.toLowerCase()).not.toContain("no divergence");
      expect(text).toContain("no Kubernetes version");
      expect(text).not.toMatch(/Profile|Invariants/); // no claim was ever made, no invariant checked
    }
  });

  it("is told apart from a run whose decisions all agreed", () => {
    expect(summary(agreedOnce)).toContain("No divergence.");
    expect(summary(agreedOnce)).toContain("at Kubernetes 1.37");
    expect(runHtml(agreedOnce)).toContain('<span class="ok">No divergence</span>');
  });
});
