// --reporter github: one workflow command per cause, whose hostile title and message stay one
// command with its own properties, as the Actions runner parses them (actions/toolkit's command.ts).
import { describe, expect, it } from "vitest";
import { unfinishedReport } from "../cli/unfinishedReport.ts";
import type { AnnotationPlace } from "./githubReport.ts";
import { annotation, escapeData, escapeProperty, githubAnnotations, workspaceFile } from "./githubReport.ts";
import { sampleBucket } from "./reportFixtures.ts";
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
    [
      sampleBucket("a · match ≠ noMatch", "first, with: a title"),
      sampleBucket("b · match ≠ noMatch", "second", "known bug"),
    ],
    ["gone · match ≠ noMatch"],
  );

  const here: AnnotationPlace = { reportDir: "out/report", cwd: "/w/repo", workspace: "/w/repo" };

  it("annotates each cause on its bundle's case.yaml: new ones at the gate's level, known ones as notices", () => {
    const lines = githubAnnotations(r, here, "error").map(parse);
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
    expect(githubAnnotations(r, here, "warning").map((l) => parse(l).name)).toEqual(["warning", "notice", "warning"]);
  });

  it("names no file when the report folder lies outside the workspace, but still says how to replay it", () => {
    const outside = githubAnnotations(r, { ...here, reportDir: "/tmp/report" }, "error").map(parse);
    expect(outside[0]?.props).toEqual({ title: "first, with: a title" });
    expect(outside[0]?.message).toContain("npx matchconform replay /tmp/report/bundles/01-a-match-nomatch/case.yaml");
  });

  it("quotes a report folder with shell syntax in the replay command", () => {
    const [first] = githubAnnotations(r, { ...here, reportDir: "/tmp/$(id) r" }, "error").map(parse);
    expect(first?.message).toContain("npx matchconform replay '/tmp/$(id) r/bundles/01-a-match-nomatch/case.yaml'");
  });

  it("escapes a workspace path's commas and colons in file=, so that it stays one property", () => {
    const odd = { reportDir: "/w/a,b:c/out", cwd: "/", workspace: "/w" };
    const [first] = githubAnnotations(r, odd, "error");
    expect(first).toMatch(/^::error file=a%2Cb%3Ac\/out\/bundles\/01-a-match-nomatch\/case\.yaml,title=/);
    expect(parse(first ?? "").props.file).toBe("a,b:c/out/bundles/01-a-match-nomatch/case.yaml");
  });
});

describe("workspaceFile: an annotation's file, relative to GITHUB_WORKSPACE", () => {
  const bundle = "bundles/01-x";
  it.each<[string, AnnotationPlace, string | undefined]>([
    ["a relative report folder", { reportDir: "r", cwd: "/w", workspace: "/w" }, "r/bundles/01-x/case.yaml"],
    [
      "an absolute one inside the workspace",
      { reportDir: "/w/a/r", cwd: "/w", workspace: "/w" },
      "a/r/bundles/01-x/case.yaml",
    ],
    [
      "a relative one, run from a subfolder",
      { reportDir: "r", cwd: "/w/pkg", workspace: "/w" },
      "pkg/r/bundles/01-x/case.yaml",
    ],
    ["one reached through ..", { reportDir: "../r", cwd: "/w/pkg", workspace: "/w" }, "r/bundles/01-x/case.yaml"],
    ["an absolute one outside it", { reportDir: "/tmp/r", cwd: "/w", workspace: "/w" }, undefined],
    ["a sibling whose name starts like it", { reportDir: "/w2/r", cwd: "/w", workspace: "/w" }, undefined],
    ["a relative one leading out of it", { reportDir: "../r", cwd: "/w", workspace: "/w" }, undefined],
    ["a folder named ..r inside it", { reportDir: "..r", cwd: "/w", workspace: "/w" }, "..r/bundles/01-x/case.yaml"],
  ])("%s", (_, place, file) => {
    expect(workspaceFile(place, bundle)).toBe(file);
  });
});
