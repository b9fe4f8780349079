// `run` as CI sees it: stdout not a terminal, --reporter json (stdout the report and nothing else)
// with github (annotations and log groups on stderr then), progress lines at a short interval, the
// CI mode's fixed seed; and an exploration that reports what it finds and exits 0.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { RunReport } from "../reports/runReport.ts";
import type { RunArgs } from "./run.ts";
import { run } from "./run.ts";
import type { Terminal } from "./runOutput.ts";
import { reportersOf } from "./runOutput.ts";

const root = fileURLToPath(new URL("../", import.meta.url));
const buggy = `node ${join(root, "examples/simple-matcher/simple-matcher.mjs")} --bug pods-star-excludes-main`;
const pipe: Terminal = { stdoutTTY: false, stderrTTY: false, env: {}, writeStderr: () => {} };

async function runCi(args: Partial<RunArgs>, terminal: Terminal = pipe) {
  const dir = join(mkdtempSync(join(tmpdir(), "matchconform-ci-")), "report");
  const out: string[] = [];
  const err: string[] = [];
  const code = await run(
    {
      implementation: buggy,
      numRuns: "20",
      reportDir: dir,
      cases: [join(root, "suites/cases/subresources.yaml")],
      ...args,
    },
    (l) => out.push(l),
    (l) => err.push(l),
    terminal,
  );
  const written = JSON.parse(readFileSync(join(dir, "report.json"), "utf8")) as RunReport;
  return { code, out, err, dir, written };
}

describe("run in CI", () => {
  it("json and github: stdout is the report alone; annotations, groups and progress lines go to stderr", async () => {
    // The workspace holds the report folder: file= is relative to it though --report-dir is absolute.
    const r = await runCi(
      { reporter: "json,github", progressInterval: "50ms" },
      { ...pipe, env: { GITHUB_WORKSPACE: tmpdir() } },
    );
    expect(r.code).toBe(1);
    expect(r.out).toHaveLength(1);
    expect(JSON.parse(r.out[0] ?? "")).toEqual(r.written);
    // CI mode and no --seed: Kubernetes 1.37's own seed, the same on every run.
    expect(r.written.header.seed).toBe(1037);
    expect(r.written.header.options.mode).toBe("ci");
    const bundle = r.written.buckets[0]?.bundle;
    expect(r.err).toContainEqual(
      expect.stringMatching(
        new RegExp(`^::error file=${relative(tmpdir(), join(r.dir, bundle ?? "?"))}/case\\.yaml,title=`),
      ),
    );
    expect(r.err).toContain("::group::corpus");
    expect(r.err).toContainEqual(expect.stringMatching(/^\[\d+ s\] corpus: started, \d+ to do$/));
    expect(r.err.filter((l) => l === "::group::generated" || l === "::endgroup::").length).toBeGreaterThan(1);
    // No colour into a pipe, and no summary: the default reporter was not chosen.
    expect(r.err.join("\n")).not.toContain("\x1b[");
    expect(r.err.join("\n")).not.toContain("cause of divergence:");
  }, 180_000);

  it("explore: a new seed, the causes listed as warnings, exit 0; FORCE_COLOR colours a pipe", async () => {
    const forced = { ...pipe, env: { FORCE_COLOR: "1" } };
    const r = await runCi({ mode: "explore", seed: "99", reporter: "default,github" }, forced);
    expect(r.code).toBe(0);
    expect(r.written.footer.exitCode).toBe(0);
    expect(r.written.footer.verdict?.kind).toBe("causes");
    expect(r.written.header.seed).toBe(99);
    const text = r.out.join("\n");
    expect(text).toContain("\x1b[31m");
    // No GITHUB_WORKSPACE: the working directory (this checkout), which the report folder is outside of.
    expect(text).toMatch(/^::warning title=.*::.*npx matchconform replay \/.*\/case\.yaml$/m);
    expect(text).not.toContain("file=");
    expect(text).toContain("exploration (--mode explore): what diverged fails no gate");
  }, 180_000);
});

describe("--reporter", () => {
  it.each([
    [undefined, ["default"]],
    ["github", ["github"]],
    ["default,json", ["default", "json"]],
  ])("%j chooses %j", (flag, chosen) => {
    expect([...reportersOf(flag)]).toEqual(chosen);
  });

  it("refuses a reporter it does not have, naming those it has", () => {
    expect(() => reportersOf("default,junit")).toThrow("--reporter junit is not one of default, github, json");
  });
});
