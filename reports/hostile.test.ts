// Hostile names and messages through every renderer: nothing the implementation or a case says
// becomes markup, a terminal sequence, a heading, a shell command or a huge report.
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { load } from "js-yaml";
import { describe, expect, it } from "vitest";
import { unfinishedReport } from "../cli/unfinishedReport.ts";
import type { Query } from "../oracles/contract/query.ts";
import type { Subject } from "../oracles/contract/subject.ts";
import { decide } from "../oracles/model/decide.ts";
import { bundle } from "./bundle.ts";
import { toCaseFile } from "./caseFile.ts";
import { runHtml } from "./runHtml.ts";
import { runJunit } from "./runJunit.ts";
import { runMarkdown } from "./runMarkdown.ts";
import type { Bucket, RunReport } from "./runReport.ts";
import { summary } from "./runText.ts";
import { saveRegressions, writeReports } from "./writeReports.ts";

const script = "<script>alert(1)</script>";
const esc = "\x1b]0;owned\x07\x1b[31mred\x1b[0m\x9b2J";
const hostileName = `${script}\n# injected heading\n${esc}`;
const huge = (tag: string) => `${tag} <img src=x onerror=alert(2)> ${"x".repeat(50_000)}`;

const deletes = [{ operations: ["DELETE" as const], apiGroups: [""], apiVersions: ["v1"], resources: ["configmaps"] }];
const policy: Subject = {
  kind: "ValidatingAdmissionPolicy",
  policy: { matchConstraints: { resourceRules: deletes } },
  binding: {},
};
/** Control characters a terminal acts on (tab and newline are text). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const controls = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

/** A DELETE of a ConfigMap whose namespace and name are shell injections. */
function hostileQuery(): Query {
  const namespace = "x;touch F;";
  return {
    kubernetesVersion: "1.37",
    subject: policy,
    cluster: { namespaces: { [namespace]: { "kubernetes.io/metadata.name": namespace } } },
    request: {
      operation: "DELETE",
      resource: { group: "", version: "v1", resource: "configmaps" },
      kind: { group: "", version: "v1", kind: "ConfigMap" },
      namespace,
      name: "$(touch G)`touch H`",
      oldObject: { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "$(touch G)`touch H`", namespace } },
    },
  };
}

function hostileBucket(): Bucket {
  const q = hostileQuery();
  const outcome = decide(q.subject, q.cluster, q.request, q.kubernetesVersion).outcome;
  return {
    signature: `admit.rule · model match · implementation ${script}`,
    title: `kube-apiserver matches; ${script}\n## split ${esc}`,
    clause: "none",
    phase: "generated",
    phases: { corpus: 0, generated: 1, invariant: 0 },
    count: 1,
    minors: ["1.37"],
    reduction: { status: "minimal", calls: 0, lines: 1, moves: [] },
    example: {
      phase: "generated",
      query: q,
      expected: outcome,
      actual: { answer: "errored", message: huge(`${script}${esc}`) },
      clauses: [],
      caseFile: toCaseFile([{ description: `${script}\n${esc}`, query: q, outcome }]),
    },
  };
}

function hostileReport(): RunReport {
  const base = unfinishedReport({
    header: { matchconform: "test", seed: 1, profile: "quick", options: {}, replay: "test" },
    implementation: { name: hostileName, version: `1.0\n${script}` },
    kubernetesVersions: ["1.37"],
    startedAt: 0,
    why: huge("partial"),
  });
  const reasons = [1, 2, 3].map((i) => ({ by: "implementation" as const, reason: huge(`${i}${script}`), count: 1 }));
  return {
    ...base,
    buckets: [hostileBucket()],
    footer: {
      ...base.footer,
      corpus: { passed: 1, failed: 0, skipped: 3 },
      skips: { ...base.footer.skips, corpus: { total: 4, skipped: 3, reasons } },
    },
  };
}

describe("hostile names and messages", () => {
  const r = hostileReport();

  it("become no element in report.html, whose only script is its own", () => {
    const page = runHtml(r);
    expect(page).not.toContain(script);
    expect(page).not.toMatch(/<img/);
    expect(page.match(/<script>/g)).toHaveLength(1);
    expect(page).not.toMatch(controls);
  });

  it("become no element and split no heading in report.md", () => {
    const text = runMarkdown(r);
    // Code spans and fenced blocks show markup as text: only outside them could it become an element.
    const prose = text.replace(/^(`{3,})[^\n]*\n[\s\S]*?\n\1$/gm, "").replace(/(`+)[^`\n]*?\1/g, "");
    expect(prose).not.toMatch(/<script|<img/);
    expect(text).toContain("&lt;script&gt;");
    expect(text.split("\n").filter((l) => /^#{1,6} /.test(l))).toEqual([
      expect.stringMatching(/^# matchconform: &lt;script&gt;.*# injected heading/),
      "## 1 cause of divergence",
      expect.stringMatching(/^### kube-apiserver matches; &lt;script&gt;.*## split/),
      "## Invariants",
      "## Skipped",
      "## Profile",
    ]);
    expect(text).not.toMatch(controls);
  });

  it("are escaped in junit.xml", () => {
    const xml = runJunit(r);
    expect(xml).not.toContain(script);
    expect(xml).not.toMatch(controls);
    expect(xml).toContain("&lt;script&gt;");
  });

  it("drive no terminal: no control character but newline survives", () => {
    const text = summary(r);
    expect(text).not.toMatch(controls);
    expect(text).toContain("]0;owned");
  });

  it("are cut in every report, saying how much", () => {
    // Five messages of 50 KB went in (a skip reason thrice, the answer, the partial reason).
    for (const text of [runHtml(r), runMarkdown(r), runJunit(r), summary(r)]) {
      expect(text.length).toBeLessThan(80_000);
      expect(text).toMatch(/more characters cut/);
    }
  });

  it("write a report.json of bounded size that still names each bundle", () => {
    const dir = mkdtempSync(join(tmpdir(), "matchconform-hostile-"));
    writeReports(dir, r);
    const json = readFileSync(join(dir, "report.json"), "utf8");
    expect(json.length).toBeLessThan(60_000);
    expect((JSON.parse(json) as RunReport).buckets[0]?.bundle).toMatch(/^bundles\/01-/);
  });
});

describe("a bundle's dry-run.sh", () => {
  const files = bundle(hostileBucket());
  const sh = files["dry-run.sh"] ?? "";

  it("quotes the namespace and the name", () => {
    expect(sh).toContain(`-n 'x;touch F;'`);
    expect(sh).toContain("'$(touch G)`touch H`'");
  });

  it("runs with a stub kubectl and creates no file", () => {
    const dir = mkdtempSync(join(tmpdir(), "matchconform-dryrun-"));
    const bin = join(dir, "bin");
    mkdirSync(bin);
    writeFileSync(
      join(bin, "kubectl"),
      `#!/bin/sh\nfor a in "$@"; do printf '%s\\n' "$a"; done > "${join(dir, "args")}"\n`,
    );
    chmodSync(join(bin, "kubectl"), 0o755);
    const work = join(dir, "bundle");
    mkdirSync(work);
    writeFileSync(join(work, "dry-run.sh"), sh);
    const run = spawnSync("sh", [join(work, "dry-run.sh")], {
      cwd: work,
      env: { ...process.env, PATH: `${bin}:${process.env.PATH}` },
    });
    expect(run.status).toBe(0);
    expect(readdirSync(work)).toEqual(["dry-run.sh"]);
    for (const f of ["F", "G", "H"]) expect(existsSync(join(work, f)) || existsSync(join(dir, f))).toBe(false);
    expect(readFileSync(join(dir, "args"), "utf8").split("\n")).toEqual([
      "delete",
      "--dry-run=server",
      "configmaps",
      "$(touch G)`touch H`",
      "-n",
      "x;touch F;",
      "",
    ]);
  });

  const shellcheck = spawnSync("shellcheck", ["--version"]).status === 0;
  it.skipIf(!shellcheck)("is shellcheck-clean", () => {
    const dir = mkdtempSync(join(tmpdir(), "matchconform-shellcheck-"));
    writeFileSync(join(dir, "dry-run.sh"), sh);
    expect(spawnSync("shellcheck", [join(dir, "dry-run.sh")], { encoding: "utf8" }).stdout).toBe("");
  });
});

describe("--save-regressions", () => {
  it("keeps a newline in the implementation's name inside the comment", () => {
    const dir = mkdtempSync(join(tmpdir(), "matchconform-regressions-"));
    const injected = "evil\n- description: injected\n  tests: []";
    const r = hostileReport();
    const [file] = saveRegressions(dir, {
      ...r,
      header: { ...r.header, implementation: { name: injected, version: "1" } },
    });
    const saved = load(readFileSync(file ?? "", "utf8"));
    expect(saved).toEqual(load(r.buckets[0]?.example.caseFile ?? ""));
  });
});
