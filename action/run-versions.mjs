#!/usr/bin/env node
// Step "run" of action.yml: `matchconform run` once per Kubernetes minor, each into a report
// folder of its own (<report-dir>/<minor>, or <report-dir>/default when no minor is given: the
// newest one the implementation declares). Each run prints its summary and, with `--reporter
// github`, an annotation per cause on its bundle's case.yaml (relative to GITHUB_WORKSPACE) and a
// log group per phase; the runner allows no group inside a group, so the runs are not grouped
// here. What each run printed goes to the job's log and to output.txt beside its report; what
// each exited with goes to <report-dir>/results.json, which summary.mjs reads. A divergence does
// not fail this step: the verdict comes after the summary and the upload. Only an action misused
// (no implementation, both kinds of one) exits 2 here.
//
// Inputs, as action.yml passes them: INPUT_IMPLEMENTATION or INPUT_MODULE, INPUT_KUBERNETES_VERSIONS
// (minors separated by spaces, commas or newlines), INPUT_EXPECTED_FAILURES, INPUT_TIME_LIMIT,
// INPUT_PROFILE, INPUT_SEED, INPUT_MODE (ci or explore; empty: the command's default, ci),
// INPUT_CASES, INPUT_REPORT_DIR; MATCHCONFORM_BIN (the command's script) and MATCHCONFORM_ROOT (the
// package, whose suites/cases is the default corpus).
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

const input = (name) => (process.env[`INPUT_${name}`] ?? "").trim();
const words = (text) => text.split(/[\s,]+/).filter((w) => w !== "");

const implementation = input("IMPLEMENTATION");
const module = input("MODULE");
if ((implementation === "") === (module === "")) {
  console.log("::error::matchconform action: give exactly one of the inputs implementation and module");
  process.exit(2);
}
const bin = process.env.MATCHCONFORM_BIN;
if (!bin) {
  console.log("::error::matchconform action: MATCHCONFORM_BIN is not set (the install step's output)");
  process.exit(2);
}
const reportDir = resolve(input("REPORT_DIR") || "matchconform-report");
const root = process.env.MATCHCONFORM_ROOT;
const cases = input("CASES") !== "" ? words(input("CASES")) : root ? [join(root, "suites", "cases")] : [];

const common = [
  ...(implementation !== "" ? ["--implementation", implementation] : ["--module", module]),
  ...optional("--profile", input("PROFILE")),
  ...optional("--time-limit", input("TIME_LIMIT")),
  ...optional("--seed", input("SEED")),
  ...optional("--mode", input("MODE")),
  "--reporter",
  "default,github",
  ...optional("--expected-failures", input("EXPECTED_FAILURES")),
];

const versions = words(input("KUBERNETES_VERSIONS"));
const results = [];
for (const minor of versions.length > 0 ? versions : [null]) {
  const dir = join(reportDir, minor ?? "default");
  const args = [bin, "run", ...common, ...optional("--kubernetes-version", minor ?? ""), "--report-dir", dir, ...cases];
  console.log(`matchconform run at Kubernetes ${minor ?? "(newest declared)"}`);
  const { exitCode, output } = await runOnce(args);
  console.log(`Kubernetes ${minor ?? "(newest declared)"}: exit ${exitCode}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "output.txt"), output);
  results.push({ kubernetesVersion: minor, exitCode, folder: minor ?? "default" });
}
mkdirSync(reportDir, { recursive: true });
writeFileSync(join(reportDir, "results.json"), `${JSON.stringify({ results }, null, 2)}\n`);

function optional(flag, value) {
  return value === "" ? [] : [flag, value];
}

/** Runs the command with its output shown as it comes and kept; a signal counts as 128 + its number. */
function runOnce(args) {
  return new Promise((done) => {
    const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
    const chunks = [];
    for (const [stream, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      stream.on("data", (chunk) => {
        chunks.push(chunk);
        to.write(chunk);
      });
    }
    child.on("error", (e) => done({ exitCode: 2, output: `could not start node: ${e.message}\n` }));
    child.on("close", (code, signal) =>
      done({ exitCode: code ?? 128 + (signal === "SIGINT" ? 2 : 15), output: Buffer.concat(chunks).toString() }),
    );
  });
}
