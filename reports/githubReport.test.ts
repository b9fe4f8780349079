// --reporter github: one workflow command per cause, whose hostile title and message stay one
// command with its own properties, as the Actions runner parses them (actions/toolkit's command.ts).
import { describe, expect, it } from "vitest";
import { unfinishedReport } from "../cli/unfinishedReport.ts";
import type { Query } from "../oracles/contract/query.ts";
import { decide } from "../oracles/model/decide.ts";
import { toCaseFile } from "./caseFile.ts";
import { annotation, escapeData, escapeProperty, githubAnnotations } from "./githubReport.ts";
import type { Bucket, RunReport } from "./runReport.ts";

/** What the runner reads back from a property or a message (toolkit's escapes, undone). */
const decoded = (s: string) =>
  s.replace(/%0D/g, "\r").replace(/%0A/g, "\n").replace(/%3A/g, ":").replace(/%2C/g, ",").replace(/%25/g, "%");

/** A command line as the runner splits it: `::name props::message`, props split at commas and the first `=`. */
function parse(line: string): { name: string; props: Record<string, string>; message: string } {
  const m = /^::(\w+)(?: ([^:]*))?::(.*)$/s.exec(line);
  if (!m) throw new Error(`not a workflow command: ${line}`);
  const props = Object.fromEntries(
    (m[2] ?? "")
      .split(",")
      .filter(Boolean)
      .map((p) => [p.slice(0, p.indexOf("=")), decoded(p.slice(p.indexOf("=") + 1))]),
  );
  return { name: m[1] ?? "", props, message: decoded(m[3] ?? "") };
}

const hostileTitles = [
  ["a newline", "matches\n::error::injected"],
  ["a carriage return", "matches\r::warning::injected"],
  ["percent escapes of its own", "100% sure: %0A::error::not a line"],
  ["the command separator", "x::y::z"],
  ["commas and colons", "a,b=c:d,file=/etc/passwd"],
] as const;

describe("escaping for workflow commands", () => {
  it.each(hostileTitles)("a title with %s stays one property of one line", (_, title) => {
    const line = annotation("error", { file: "r/bundles/01-x/case.yaml", title }, `message ${title}`);
    expect(line).not.toMatch(/[\r\n]/);
    const { name, props, message } = parse(line);
    expect(name).toBe("error");
    expect(Object.keys(props)).toEqual(["file", "title"]);
    expect(props.file).toBe("r/bundles/01-x/case.yaml");
    // Carriage returns never reach a log: they are control characters, dropped as on a terminal.
    expect(props.title).toBe(title.replace(/\r/g, ""));
    expect(message).toBe(`message ${title.replace(/\r/g, "")}`);
  });

  it.each([
    ["%", "%25", "%25"],
    ["\n", "%0A", "%0A"],
    [":", ":", "%3A"],
    [",", ",", "%2C"],
    ["\x1b[31m", "[31m", "[31m"],
  ])("%j is %s in a message and %s in a property", (raw, data, property) => {
    expect(escapeData(raw)).toBe(data);
    expect(escapeProperty(raw)).toBe(property);
  });
});

const q: Query = {
  kubernetesVersion: "1.37",
  subject: {
    kind: "ValidatingAdmissionPolicy",
    policy: {
      matchConstraints: {
        resourceRules: [{ operations: ["CREATE"], apiGroups: [""], apiVersions: ["v1"], resources: ["pods/*"] }],
      },
    },
    binding: {},
  },
  cluster: { namespaces: { prod: { "kubernetes.io/metadata.name": "prod" } } },
  request: {
    operation: "CREATE",
    resource: { group: "", version: "v1", resource: "pods" },
    kind: { group: "", version: "v1", kind: "Pod" },
    namespace: "prod",
    name: "web",
    object: { apiVersion: "v1", kind: "Pod", metadata: { name: "web", namespace: "prod" } },
  },
};

function bucketOf(signature: string, title: string, known?: string): Bucket {
  const outcome = decide(q.subject, q.cluster, q.request, q.kubernetesVersion).outcome;
  return {
    signature,
    title,
    clause: "rules.resource.subresourceWildcardMatchesMain",
    phase: "corpus",
    phases: { corpus: 2, generated: 1, invariant: 0 },
    count: 3,
    minors: ["1.37"],
    reduction: { status: "minimal", calls: 0, lines: 1, moves: [] },
    example: {
      phase: "corpus",
      query: q,
      expected: outcome,
      actual: { answer: "outcome", outcome: { outcome: "noMatch" } },
      clauses: [],
      caseFile: toCaseFile([{ description: "d", query: q, outcome }]),
    },
    ...(known !== undefined && { expectedFailure: { reason: known } }),
  };
}

function reportWith(buckets: Bucket[], noLongerFailing: string[] = []): RunReport {
  const base = unfinishedReport({
    header: { matchconform: "test", seed: 1, profile: "quick", options: {}, replay: "test" },
    implementation: { name: "m", version: "1" },
    kubernetesVersions: ["1.37"],
    startedAt: 0,
    why: "test",
  });
  const { partial: _, ...header } = base.header;
  return { ...base, header, buckets, expectedFailures: { stillFailing: [], noLongerFailing } };
}

describe("githubAnnotations", () => {
  const r = reportWith(
    [bucketOf("a · match ≠ noMatch", "first, with: a title"), bucketOf("b · match ≠ noMatch", "second", "known bug")],
    ["gone · match ≠ noMatch"],
  );

  it("annotates each cause on its bundle's case.yaml: new ones at the gate's level, known ones as notices", () => {
    const lines = githubAnnotations(r, "out/report", "error").map(parse);
    expect(lines.map((l) => [l.name, l.props.file, l.props.title])).toEqual([
      ["error", "out/report/bundles/01-a-match-nomatch/case.yaml", "first, with: a title"],
      ["notice", "out/report/bundles/02-b-match-nomatch/case.yaml", "expected failure: second"],
      ["warning", undefined, "expected failure no longer fails"],
    ]);
    expect(lines[0]?.message).toContain("a · match ≠ noMatch: 3 ×");
    expect(lines[0]?.message).toContain("\nimplementation: noMatch");
    expect(lines[0]?.message).toContain("npx matchconform replay out/report/bundles/01-a-match-nomatch/case.yaml");
    expect(lines[2]?.message).toBe("remove it: gone · match ≠ noMatch");
  });

  it("makes new causes warnings in an exploration, which fails no gate", () => {
    expect(githubAnnotations(r, "d", "warning").map((l) => parse(l).name)).toEqual(["warning", "notice", "warning"]);
  });
});
