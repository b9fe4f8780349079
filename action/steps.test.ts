// The action's run and summary steps, executed as the composite action runs them: environment
// variables for inputs, a fake GITHUB_OUTPUT and GITHUB_STEP_SUMMARY, and real small runs of the
// simple matcher, with and without one of its bugs.
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { cliEntry, sourceCli } from "../package/sourceCli.ts";

const scratch = mkdtempSync(join(tmpdir(), "action-steps-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const exec = promisify(execFile);
const simpleMatcher = "node examples/simple-matcher/simple-matcher.mjs";

interface Steps {
  /** What run-versions.mjs exited with: 0 unless the action is misused. */
  readonly runExit: number;
  readonly runLog: string;
  /** What the runs printed on stderr: progress lines and the log groups of their phases. */
  readonly runErr: string;
  readonly summary: string;
  /** The summary step's output `exit-code`, which the action's last step exits with. */
  readonly verdict: string | undefined;
  readonly annotations: string;
  readonly results: { readonly kubernetesVersion: string | null; readonly exitCode: number }[];
}

/** Runs the two steps in a fresh workspace folder with these inputs (INPUT_* without the prefix). */
async function steps(inputs: Readonly<Record<string, string>>): Promise<Steps> {
  const work = mkdtempSync(join(scratch, "action-"));
  const env = {
    ...process.env,
    GITHUB_OUTPUT: join(work, "output"),
    GITHUB_STEP_SUMMARY: join(work, "summary.md"),
    // The command from the sources, as tests run it (package/sourceCli.ts): tsx through NODE_OPTIONS,
    // which the script's own `node <bin>` inherits.
    MATCHCONFORM_BIN: cliEntry,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} ${sourceCli.slice(0, 2).join(" ")}`.trim(),
    MATCHCONFORM_ROOT: process.cwd(),
    INPUT_PROFILE: "quick",
    INPUT_SEED: "3",
    INPUT_REPORT_DIR: join(work, "reports"),
    // The runner's checkout, which holds the reports here as it does with the default report-dir.
    GITHUB_WORKSPACE: work,
    ...Object.fromEntries(Object.entries(inputs).map(([k, v]) => [`INPUT_${k}`, v])),
  };
  writeFileSync(env.GITHUB_OUTPUT, "");
  writeFileSync(env.GITHUB_STEP_SUMMARY, "");
  const run = await exec(process.execPath, ["action/run-versions.mjs"], { env, timeout: 120_000 }).then(
    (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout, err: e.stderr }),
  );
  if (run.code !== 0)
    return {
      runExit: run.code,
      runLog: run.out,
      runErr: run.err,
      summary: "",
      verdict: undefined,
      annotations: "",
      results: [],
    };
  const summary = await exec(process.execPath, ["action/summary.mjs"], { env });
  const output = readFileSync(env.GITHUB_OUTPUT, "utf8");
  return {
    runExit: 0,
    runLog: run.out,
    runErr: run.err,
    summary: readFileSync(env.GITHUB_STEP_SUMMARY, "utf8"),
    verdict: /^exit-code=(.*)$/m.exec(output)?.[1],
    annotations: summary.stdout,
    results: JSON.parse(readFileSync(join(env.INPUT_REPORT_DIR, "results.json"), "utf8")).results,
  };
}

describe("the action's run and summary steps", () => {
  it("pass a correct matcher at each minor given, with each report in the summary", async () => {
    const s = await steps({ IMPLEMENTATION: simpleMatcher, KUBERNETES_VERSIONS: "1.36, 1.37" });
    expect(s.results).toEqual([
      { kubernetesVersion: "1.36", exitCode: 0, folder: "1.36" },
      { kubernetesVersion: "1.37", exitCode: 0, folder: "1.37" },
    ]);
    expect(s.verdict).toBe("0");
    expect(s.summary).toContain("| 1.36 | ✅ no new divergence | 0 | 0 | 0 |");
    expect(s.summary).toContain("| 1.37 | ✅ no new divergence | 0 | 0 | 0 |");
    expect(s.summary).toContain("Kubernetes 1.36 · input manifest · seed 3 · profile quick");
    expect(s.annotations).not.toContain("::error");
  }, 120_000);

  it("fail a bugged matcher on its new cause, named in the summary and an annotation", async () => {
    const s = await steps({ IMPLEMENTATION: `${simpleMatcher} --bug pods-star-excludes-main` });
    expect(s.results).toEqual([{ kubernetesVersion: null, exitCode: 1, folder: "default" }]);
    expect(s.verdict).toBe("1");
    expect(s.summary).toContain("| 1.37 | ❌ new divergences | 1 | 0 | 0 |"); // the newest the matcher declares
    expect(s.summary).toContain('### leaves the resource itself out of "x/*"');
    expect(s.annotations).toMatch(/^::error title=matchconform at Kubernetes 1.37::1 new cause/m);
    // The run's own annotation on the cause's minimal case, as the workspace names it.
    expect(s.runLog).toMatch(
      /^::error file=reports\/default\/bundles\/01-behaviour-leaves-the-resource-itself-out-of-x-star\/case\.yaml,title=leaves the resource itself out of "x\/\*"%3A /m,
    );
  }, 120_000);

  it("group each run's phases in the log, never a group inside a group", async () => {
    const s = await steps({ IMPLEMENTATION: simpleMatcher, KUBERNETES_VERSIONS: "1.36 1.37" });
    const commands = `${s.runLog}\n${s.runErr}`.split("\n").filter((l) => /^::(end)?group::/.test(l));
    expect(commands.filter((l) => l === "::group::corpus")).toHaveLength(2);
    for (const [i, l] of commands.entries())
      expect(l, `command ${i}`).toMatch(i % 2 === 0 ? /^::group::\S/ : /^::endgroup::$/);
  }, 120_000);

  it("explore: a new seed, the bug's cause as warnings, and the job passes", async () => {
    const s = await steps({
      IMPLEMENTATION: `${simpleMatcher} --bug pods-star-excludes-main`,
      KUBERNETES_VERSIONS: "1.37",
      MODE: "explore",
      SEED: "",
    });
    expect(s.results).toEqual([{ kubernetesVersion: "1.37", exitCode: 0, folder: "1.37" }]);
    expect(s.verdict).toBe("0");
    expect(s.summary).toContain("| 1.37 | 🔎 new causes (explore) | 1 | 0 | 0 |");
    expect(s.summary).toContain("<details open><summary>Kubernetes 1.37: 🔎 new causes (explore)</summary>");
    expect(s.annotations).toMatch(
      /^::warning title=matchconform at Kubernetes 1.37::1 new cause\(s\) of divergence: .* \(mode explore: they do not fail the job\)$/m,
    );
    expect(s.runLog).toMatch(/^::warning file=reports\/1\.37\/bundles\/01-[^,]*\/case\.yaml,title=/m);
    expect(s.runLog).not.toContain("::error");
  }, 120_000);

  it("pass the same bug once the expected-failures file names it, and count it apart", async () => {
    const file = join(mkdtempSync(join(scratch, "expected-")), "expected-failures.yaml");
    writeFileSync(file, "- bucket: 'behaviour leaves the resource itself out of \"x/*\"'\n  reason: known\n");
    const s = await steps({
      IMPLEMENTATION: `${simpleMatcher} --bug pods-star-excludes-main`,
      KUBERNETES_VERSIONS: "1.37",
      EXPECTED_FAILURES: file,
    });
    expect(s.verdict).toBe("0");
    expect(s.summary).toContain("| 1.37 | ✅ no new divergence | 0 | 1 | 0 |");
  }, 120_000);

  it("tell an implementation that cannot be tested (exit 2) from a divergence, with its output", async () => {
    const s = await steps({ IMPLEMENTATION: "node -e 'process.exit(3)'", KUBERNETES_VERSIONS: "1.37" });
    expect(s.results).toEqual([{ kubernetesVersion: "1.37", exitCode: 2, folder: "1.37" }]);
    expect(s.verdict).toBe("2");
    expect(s.summary).toContain("| 1.37 | ⚠️ could not test | – | – | – |");
    expect(s.summary).toContain("⚠️ could not test: bad input");
    expect(s.summary).toContain("The end of what matchconform printed:");
    expect(s.annotations).toMatch(
      /^::error title=matchconform at Kubernetes 1.37::could not test: .*exited with code 3 before answering start$/m,
    );
  }, 120_000);

  it("name the reason a minor the matcher does not declare cannot be tested, not the usage text's last line", async () => {
    const only137 = join(mkdtempSync(join(scratch, "module-")), "only-137.mjs");
    const model = join(process.cwd(), "examples", "model-matcher.mjs");
    writeFileSync(
      only137,
      `import handle from ${JSON.stringify(model)};
export default (m) => (m.cmd === "start" ? { ...handle(m), kubernetesVersions: ["1.37"] } : handle(m));
`,
    );
    const s = await steps({ MODULE: only137, KUBERNETES_VERSIONS: "1.36" });
    expect(s.results).toEqual([{ kubernetesVersion: "1.36", exitCode: 2, folder: "1.36" }]);
    expect(s.verdict).toBe("2");
    expect(s.annotations).toMatch(
      /^::error title=matchconform at Kubernetes 1.36::could not test: the implementation does not declare Kubernetes 1.36 \(it declares 1.37\)$/m,
    );
  }, 120_000);

  it("quote a run's own error line, or its report's reason, never what follows it", async () => {
    const work = mkdtempSync(join(scratch, "action-"));
    const reports = join(work, "reports");
    const results = [
      { kubernetesVersion: "1.36", exitCode: 2, folder: "1.36" },
      { kubernetesVersion: "1.37", exitCode: 3, folder: "1.37" },
    ];
    mkdirSync(join(reports, "1.36"), { recursive: true });
    mkdirSync(join(reports, "1.37"), { recursive: true });
    // No report: the error line, then whatever else was printed after it (here a usage text).
    writeFileSync(
      join(reports, "1.36", "output.txt"),
      "matchconform: --kubernetes-version 1.99 is not one of 1.30, …, 1.37\nUsage: matchconform run [options]\n  130/143  interrupted by SIGINT/SIGTERM (run writes a partial report)\n",
    );
    const reason = "the time limit (20 s from the implementation's ready) ran out before the promised work was done";
    const report = {
      header: { kubernetesVersions: ["1.37"] },
      buckets: [],
      expectedFailures: { stillFailing: [], noLongerFailing: [] },
      footer: { completion: { status: "incomplete", cause: "timeLimit", reason, shortfalls: [] } },
    };
    writeFileSync(join(reports, "1.37", "report.json"), JSON.stringify(report));
    writeFileSync(
      join(reports, "1.37", "output.txt"),
      "matchconform: incomplete (exit 3): something else\nreports: …\n",
    );
    writeFileSync(join(reports, "results.json"), JSON.stringify({ results }));
    const env = { ...process.env, INPUT_REPORT_DIR: reports, GITHUB_STEP_SUMMARY: join(work, "summary.md") };
    const { stdout } = await exec(process.execPath, ["action/summary.mjs"], { env });
    expect(stdout).toContain(
      "::error title=matchconform at Kubernetes 1.36::could not test: --kubernetes-version 1.99 is not one of 1.30, …, 1.37\n",
    );
    expect(stdout).toContain(`::error title=matchconform at Kubernetes 1.37::incomplete: ${reason}\n`);
  });

  it("refuse to run without an implementation or a module", async () => {
    const s = await steps({});
    expect(s.runExit).toBe(2);
    expect(s.runLog).toContain(
      "::error::matchconform action: give exactly one of the inputs implementation and module",
    );
  });

  it("cut reports to fit GitHub's 1 MiB step summary, closing what they left open", async () => {
    const work = mkdtempSync(join(scratch, "action-"));
    const reports = join(work, "reports");
    const results = ["1.36", "1.37"].map((v) => ({ kubernetesVersion: v, exitCode: 1, folder: v }));
    for (const v of ["1.36", "1.37"]) {
      mkdirSync(join(reports, v), { recursive: true });
      const huge = `# matchconform\n\n<details><summary>minimal case</summary>\n\n\`\`\`yaml\n${"- line\n".repeat(200_000)}\`\`\`\n</details>\n`;
      writeFileSync(join(reports, v, "report.md"), huge);
    }
    writeFileSync(join(reports, "results.json"), JSON.stringify({ results }));
    const env = { ...process.env, INPUT_REPORT_DIR: reports, GITHUB_STEP_SUMMARY: join(work, "summary.md") };
    await exec(process.execPath, ["action/summary.mjs"], { env });
    const summary = readFileSync(env.GITHUB_STEP_SUMMARY, "utf8");
    expect(Buffer.byteLength(summary)).toBeLessThanOrEqual(1_000_000);
    const sections = summary.split("\n<details open><summary>Kubernetes ").slice(1);
    expect(sections).toHaveLength(2);
    for (const section of sections) {
      expect(section.split("\n").filter((l) => l.startsWith("```")).length % 2).toBe(0);
      expect(section.match(/<details/g)?.length).toBe((section.match(/<\/details>/g)?.length ?? 0) - 1);
    }
    expect(summary.match(/cut to fit the job summary/g)).toHaveLength(2);
  });
});
