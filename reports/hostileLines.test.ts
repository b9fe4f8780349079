// An implementation's words that would act in a CI log or a Markdown viewer: a line of its own
// starting "::error::" is a GitHub workflow command (the runner trims the indent before it looks),
// and "[x](javascript:…)" or "![](https://…)" in report.md is a live link or a fetch.
import { describe, expect, it } from "vitest";
import { unfinishedReport } from "../cli/unfinishedReport.ts";
import { md } from "./escape.ts";
import { formatFailures, formatNotRun } from "./replayText.ts";
import { sampleBucket } from "./reportFixtures.ts";
import { runMarkdown } from "./runMarkdown.ts";
import type { RunReport } from "./runReport.ts";
import { summary } from "./runText.ts";

const forged = "boom\r\n::error::forged\n  ::warning file=x::indented\n# heading";
const link = "[x](javascript:alert(1)) ![](https://tracker.example/p.png) [ref]: javascript:alert(2)";

function report(): RunReport {
  const base = unfinishedReport({
    header: { matchconform: "test", seed: 1, profile: "quick", options: {}, replay: "test" },
    implementation: { name: `evil ${link}\n::error::name`, version: "1" },
    kubernetesVersions: ["1.37"],
    startedAt: 0,
    why: "partial",
  });
  const b = sampleBucket(`key ${forged}`, `title ${forged} ${link}`);
  const reasons = [{ by: "implementation" as const, reason: `skip ${forged}`, count: 2 }];
  return {
    ...base,
    buckets: [{ ...b, example: { ...b.example, actual: { answer: "errored", message: `said ${forged}` } } }],
    footer: { ...base.footer, skips: { ...base.footer.skips, corpus: { total: 2, skipped: 2, reasons } } },
  };
}

describe("the terminal summary", () => {
  it("starts no line with a workflow command, whatever the implementation's message holds", () => {
    const lines = summary(report()).split("\n");
    expect(lines.filter((l) => l.trimStart().startsWith("::"))).toEqual([]);
    expect(lines.filter((l) => l.startsWith("#"))).toEqual([]);
    expect(lines.some((l) => l.includes("errored: said boom ::error::forged"))).toBe(true);
    expect(lines.some((l) => l.includes("skip boom ::error::forged"))).toBe(true);
  });
});

describe("report.md", () => {
  it("has no link or image the implementation wrote", () => {
    expect(md('resources: ["*"] and [a, b]')).toBe('resources: ["*"] and [a, b]');
    expect(md(link)).toBe(
      "[x\\](javascript:alert(1)) ![\\](https://tracker.example/p.png) [ref\\]: javascript:alert(2)",
    );
    const text = runMarkdown(report());
    const prose = text.replace(/^(`{3,})[^\n]*\n[\s\S]*?\n\1$/gm, "").replace(/(`+)[^`\n]*?\1/g, "");
    expect(prose).not.toMatch(/(?<!\\)\[[^\]\n]*(?<!\\)\]\((javascript|https:\/\/tracker)/);
    expect(text.split("\n").filter((l) => l.trimStart().startsWith("::"))).toEqual([]);
  });
});

describe("replay's output", () => {
  it("starts no line with what a case file or the implementation wrote", () => {
    const failed = {
      file: "/x/cases.yaml",
      caseDescription: `case ${forged}`,
      testDescription: `test ${forged}`,
      minor: "1.37",
      expected: { outcome: "noMatch" },
      answer: { answer: "errored", message: `said ${forged}` },
      clauses: [],
    } as const;
    const skipped = { ...failed, answer: { answer: "skipped", message: `skip ${forged}` } } as const;
    const blocks = [
      ...formatFailures([{ ...failed, result: "failed" }]),
      ...formatNotRun(
        [{ file: "/x/cases.yaml", caseDescription: `left ${forged}`, minors: [], reason: `why ${forged}` }],
        [{ ...skipped, result: "skipped" }],
      ),
    ];
    const lines = blocks.join("\n").split("\n");
    expect(lines.filter((l) => /^\s*(::|#)/.test(l))).toEqual([]);
    expect(lines).toContain("  case:     case boom ::error::forged   ::warning file=x::indented # heading");
  });
});
