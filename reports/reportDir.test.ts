// The report folder is the user's: checked before the run, and only the writer's own bundles go.
// The reports find their way: a table of contents, an anchor per cause, links to each bundle.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Ajv } from "ajv";
import addFormatsModule from "ajv-formats";
import { describe, expect, it } from "vitest";
import { unfinishedReport } from "../cli/unfinishedReport.ts";
import caseSchema from "../suites/cases/case-file.schema.json" with { type: "json" };
import reportSchema from "./run-report.schema.json" with { type: "json" };
import { runHtml } from "./runHtml.ts";
import { runMarkdown } from "./runMarkdown.ts";
import type { Bucket, RunReport } from "./runReport.ts";
import { summary } from "./runText.ts";
import { reportDirProblem, writeReports } from "./writeReports.ts";

const temp = () => mkdtempSync(join(tmpdir(), "matchconform-reportdir-"));

const base = unfinishedReport({
  header: { matchconform: "test", seed: 1, profile: "quick", options: {}, replay: "test" },
  implementation: { name: "two bugs", version: "1" },
  kubernetesVersions: ["1.37"],
  startedAt: 0,
  why: "test",
});

/** A report of two causes, whose examples need not be real queries: the renderers only read them. */
function withCauses(): RunReport {
  const cause = (n: number): Bucket => ({
    signature: `clause.${n} · model match · implementation noMatch`,
    title: `cause number ${n}`,
    clause: `clause.${n}`,
    phase: "corpus",
    phases: { corpus: 1, generated: 0, invariant: 0 },
    count: n,
    minors: ["1.37"],
    reduction: { status: "minimal", calls: 0, lines: 3, moves: [] },
    example: {
      phase: "corpus",
      query: {
        kubernetesVersion: "1.37",
        subject: { kind: "MatchResources", matchResources: {} },
        cluster: {},
        request: {
          operation: "CREATE",
          resource: { group: "", version: "v1", resource: "pods" },
          kind: { group: "", version: "v1", kind: "Pod" },
          namespace: "prod",
          name: "p",
        },
      },
      expected: { outcome: "match" },
      actual: { answer: "outcome", outcome: { outcome: "noMatch" } },
      clauses: [],
      caseFile: `- description: cause ${n}\n`,
    },
  });
  const { partial: _, ...header } = base.header;
  return { ...base, header, buckets: [cause(1), cause(2)] };
}

describe("the report folder", () => {
  it("is refused when it is a file, or cannot be made, before anything is written", () => {
    const dir = temp();
    writeFileSync(join(dir, "file"), "mine");
    expect(reportDirProblem(join(dir, "file"))).toMatch(/is a file, not a folder/);
    expect(reportDirProblem(join(dir, "file", "below"))).toMatch(/cannot be created/);
    expect(() => writeReports(join(dir, "file"), base)).toThrow(/is a file/);
    expect(readFileSync(join(dir, "file"), "utf8")).toBe("mine");
  });

  it("keeps a bundles folder the writer did not write (--report-dir .)", () => {
    const dir = temp();
    mkdirSync(join(dir, "bundles"));
    writeFileSync(join(dir, "bundles", "mine.txt"), "the user's");
    expect(reportDirProblem(dir)).toMatch(/bundles exists and was not written by matchconform/);
    expect(() => writeReports(dir, withCauses())).toThrow(/not written by matchconform/);
    expect(readdirSync(join(dir, "bundles"))).toEqual(["mine.txt"]);
  });

  it("replaces the bundles it wrote, and only those", () => {
    const dir = temp();
    writeReports(dir, withCauses());
    const first = readdirSync(join(dir, "bundles")).sort();
    expect(first).toEqual([
      ".matchconform-bundles.json",
      "01-clause-1-model-match-implementation-nomatch",
      "02-clause-2-model-match-implementation-nomatch",
    ]);
    writeFileSync(join(dir, "bundles", "notes.txt"), "added by the user");
    const one = { ...withCauses(), buckets: withCauses().buckets.slice(1) };
    writeReports(dir, one);
    expect(readdirSync(join(dir, "bundles")).sort()).toEqual([
      ".matchconform-bundles.json",
      "01-clause-2-model-match-implementation-nomatch",
      "notes.txt",
    ]);
  });

  it("takes over the bundles an older writer left without a manifest", () => {
    const dir = temp();
    mkdirSync(join(dir, "bundles", "01-old-cause"), { recursive: true });
    writeFileSync(join(dir, "bundles", "01-old-cause", "case.yaml"), "[]\n");
    expect(reportDirProblem(dir)).toBeUndefined();
    writeReports(dir, base);
    expect(existsSync(join(dir, "bundles"))).toBe(false);
  });
});

describe("navigation", () => {
  it("report.html has a table of contents, an anchor per cause and links to bundles that exist", () => {
    const dir = temp();
    writeReports(dir, withCauses());
    const page = readFileSync(join(dir, "report.html"), "utf8");
    expect(page).toContain('<meta name="viewport"');
    expect(page).toMatch(/<nav class="toc">.*href="#cause-1".*href="#cause-2".*href="#profile"/s);
    expect(page).toContain('<section class="bucket" id="cause-2">');
    expect(page).toMatch(/<details><summary>minimal case/); // folded
    expect(page).not.toMatch(/<details open/);
    expect(page).toMatch(/@media print\{[^}]*/);
    // A cause with its minimal case unfolded runs to pages: kept whole, it left a page blank before it.
    expect(page).toMatch(/@media print\{.*\.title\{break-after:avoid-page\}/s);
    expect(page).not.toMatch(/\.bucket\{break-inside:avoid/);
    expect(page).not.toMatch(/<script[^>]*src=|<link[^>]*href=/); // nothing fetched
    const links = [...page.matchAll(/href="(bundles\/[^"]+)"/g)].map((m) => m[1] ?? "");
    expect(links.length).toBe(4);
    for (const l of links) expect(existsSync(join(dir, l)), l).toBe(true);
  });

  it("report.md has the same contents, anchors and links", () => {
    const text = runMarkdown(withCauses());
    expect(text).toContain("- [2 causes of divergence](#causes)\n  - [cause number 1](#cause-1)");
    expect(text).toContain('<a id="cause-2"></a>');
    expect(text).toContain(
      "- bundle: [bundles/02-clause-2-model-match-implementation-nomatch/](bundles/02-clause-2-model-match-implementation-nomatch/README.md)",
    );
  });

  it("report.json and the terminal name each bundle", () => {
    const dir = temp();
    writeReports(dir, withCauses());
    const json = JSON.parse(readFileSync(join(dir, "report.json"), "utf8")) as RunReport;
    const ajv = new Ajv({ strict: false });
    (addFormatsModule as unknown as (a: Ajv) => void)(ajv);
    ajv.addSchema(caseSchema);
    const valid = ajv.compile(reportSchema);
    expect(valid(json), JSON.stringify(valid.errors)).toBe(true);
    expect(json.buckets.map((b) => b.bundle)).toEqual([
      "bundles/01-clause-1-model-match-implementation-nomatch",
      "bundles/02-clause-2-model-match-implementation-nomatch",
    ]);
    expect(summary(withCauses(), dir)).toContain(
      join(dir, "bundles/01-clause-1-model-match-implementation-nomatch/case.yaml"),
    );
    expect(runHtml(withCauses())).toContain('href="bundles/01-clause-1-model-match-implementation-nomatch/case.yaml"');
  });
});
