// The nightly workflow template's own commands, run here as its jobs would run them: each shard's
// step in a workspace of its own, its report folder laid out as download-artifact lays it out,
// then the merge step, with a stand-in `npx` that runs matchconform from the sources.
import { execFile } from "node:child_process";
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { load } from "js-yaml";
import { describe, expect, it } from "vitest";
import { sourceCli } from "../../package/sourceCli.ts";
import type { RunReport } from "../../reports/runReport.ts";

const exec = promisify(execFile);
const template = fileURLToPath(new URL("./matchconform-nightly.yml", import.meta.url));
const simple = fileURLToPath(new URL("../simple-matcher/simple-matcher.mjs", import.meta.url));

interface Step {
  readonly name?: string;
  readonly run?: string;
  readonly env?: Record<string, string>;
}
interface Job {
  readonly strategy: { readonly matrix: { readonly kubernetes: string[]; readonly shard?: number[] } };
  readonly steps: readonly Step[];
}
const workflow = load(readFileSync(template, "utf8")) as { env: Record<string, string>; jobs: Record<string, Job> };

function stepNamed(job: Job, prefix: string): Step {
  const step = job.steps.find((s) => s.name?.startsWith(prefix));
  if (step?.run === undefined) throw new Error(`no step "${prefix}…" with a run script`);
  return step;
}

/** `${{ matrix.x }}` in a step's env, as the runner fills it in. */
function filled(env: Record<string, string>, matrix: Record<string, string | number>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).map(([k, v]) => [
      k,
      v.replace(/\$\{\{\s*matrix\.(\w+)\s*\}\}/g, (_, m: string) => String(matrix[m])),
    ]),
  );
}

describe("examples/ci/matchconform-nightly.yml", () => {
  const shardJob = workflow.jobs.shard as Job;
  const mergeJob = workflow.jobs.merge as Job;

  it("runs as many shards as it says, at the same minors as it merges", () => {
    expect(shardJob.strategy.matrix.shard).toEqual(
      Array.from({ length: Number(workflow.env.MATCHCONFORM_SHARDS) }, (_, i) => i + 1),
    );
    expect(mergeJob.strategy.matrix.kubernetes).toEqual(shardJob.strategy.matrix.kubernetes);
  });

  it("shards a run and merges the shards into one report and the job summary", async () => {
    const work = mkdtempSync(join(tmpdir(), "matchconform-nightly-"));
    const bin = join(work, "bin");
    mkdirSync(bin);
    // `npx matchconform …` from the sources: the package as a project's devDependency would run it.
    const npx = join(bin, "npx");
    writeFileSync(
      npx,
      `#!/bin/sh\n[ "$1" = matchconform ] && shift\nexec ${JSON.stringify(process.execPath)} ${sourceCli.map((a) => JSON.stringify(a)).join(" ")} "$@"\n`,
    );
    chmodSync(npx, 0o755);
    const env = {
      ...process.env,
      PATH: `${bin}:${process.env.PATH}`,
      // The template's env, but a buggy miniature and the quick profile in place of yours and nightly.
      MATCHCONFORM_IMPLEMENTATION: `node ${simple} --bug pods-star-excludes-main`,
      MATCHCONFORM_PROFILE: "quick",
      MATCHCONFORM_SHARDS: workflow.env.MATCHCONFORM_SHARDS,
      MATCHCONFORM_SEED: "3",
    };
    const shards = join(work, "merge", "shards");
    const step = stepNamed(shardJob, "matchconform run");
    for (const shard of shardJob.strategy.matrix.shard ?? []) {
      const job = join(work, `shard-job-${shard}`);
      mkdirSync(job);
      const matrix = { kubernetes: "1.37", shard };
      const r = await exec("bash", ["-e", "-c", step.run ?? ""], {
        cwd: job,
        env: { ...env, ...filled(step.env ?? {}, matrix) },
      });
      expect(r.stdout).toMatch(/matchconform run exited [013]$/m);
      cpSync(join(job, `shard-${shard}`), join(shards, `matchconform-1.37-shard-${shard}`), { recursive: true });
    }
    const summary = join(work, "summary.md");
    writeFileSync(summary, "");
    const merge = stepNamed(mergeJob, "matchconform merge-reports");
    const m = await exec("bash", ["-e", "-c", merge.run ?? ""], {
      cwd: join(work, "merge"),
      env: { ...env, GITHUB_STEP_SUMMARY: summary },
    }).then(
      () => ({ code: 0, out: "" }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
    );
    // The miniature's bug is found: the merged run's exit code, which fails the merge job.
    expect(m.code, m.out).toBe(1);
    const report = JSON.parse(readFileSync(join(work, "merge", "merged", "report.json"), "utf8")) as RunReport;
    expect(report.header.merged).toEqual({ shards: [1, 2, 3, 4], count: 4 });
    expect(report.buckets.map((b) => b.signature)).toContain('behaviour leaves the resource itself out of "x/*"');
    expect(readFileSync(summary, "utf8")).toContain('leaves the resource itself out of "x/*"');
  }, 600_000);
});
