// The `matchconform` command: exit 0 all passed, 1 something failed or diverged, 2 bad input or
// an implementation that would not start.
import { parseArgs } from "node:util";
import { MatcherStartError } from "../oracles/adapters/matcher.ts";
import { CaseFileError } from "../suites/format/caseFileError.ts";
import { bundles } from "./bundles.ts";
import { cluster } from "./cluster.ts";
import { coverage } from "./coverage.ts";
import { replay } from "./replay.ts";
import { run } from "./run.ts";
import { UsageError } from "./usageError.ts";
import { verify } from "./verify.ts";

const usage = `usage: matchconform <command> [options]

commands:
  run [--implementation "<command>" | --module <file>] [--kubernetes-version 1.N | --all-versions]
      [--time-limit 60s | --num-runs N] [--seed S] [--profile quick|default|nightly]
      [--expected-failures <file>] [--update-expected-failures <file>]
      [--report-dir <dir>] [--save-regressions <dir>]
      [--case-timeout 10s] [case files or folders (default suites/cases)]
      the corpus, then generated scenarios compared with the reference model, then the
      invariants on the implementation alone; without an implementation, the built-in model.
      Reports go to --report-dir (default .matchconform/report), also when the run ends early.
      --time-limit bounds the whole run from the command's start (corpus until 30 % of it,
      generated until 60 %, invariants until 80 %, then reduction) plus a 5 s grace.

  replay <files or folders...> [--kubernetes-version 1.N] [--implementation "<command>" | --module <file>]
      every test of every case file, at every minor the case applies to (or the one given),
      on the reference model or the implementation; each failure, the cases or minors not run
      and why, and "N passed, N failed". Exit 2 when nothing was tested.

  cluster up [--kubernetes-version 1.N] | cluster down
      build (first time: minutes) and start etcd and kube-apiserver on loopback, with a
      kubeconfig for the suite; down stops them and removes their data.

  verify --apiserver (--local [--kubernetes-version 1.N] | --kubeconfig <file> [--context <name>]
      [--allow-cluster <name>]) [--profile quick|default|nightly] [--num-runs N | --time-limit 60s]
      [--seed S] [--batch-size N] [--report-dir <dir>] [--record <dir>] [case files or folders]
      [--webhook-host <address> [--webhook-listen <address>]]
      the model compared with a real kube-apiserver (the local control plane, started if need
      be, or a kind-* context); reports go to --report-dir (default .matchconform/verify).
      --record writes what the server decided as case files under <dir>/<server version>/,
      which replay reads; a version's folder is replaced, other versions' are kept.
      --webhook-host: the address the server calls the suite's webhook receiver at (default
      127.0.0.1; on kind, the kind network's gateway, with --webhook-listen 0.0.0.0).

  bundles check <report, bundles or bundle folders...> (--local [--kubernetes-version 1.N] |
      --kubeconfig <file> [--context <name>] [--allow-cluster <name>])
      [--webhook-host <address> [--webhook-listen <address>]]
      puts each reproduction bundle's case.yaml to a real kube-apiserver, as verify does (the
      same clusters only, Warn-only probes, dry-run, everything removed), and says per bundle:
      reproduced (the server decides as the case expects), differs, or not reproducible (why).
      Exit 0 all reproducible ones reproduced, 1 one differs, 2 bad input or no usable answer.

  coverage [--num-runs N] [--seed S]
      how often generated scenarios reach each clause of the reference model (Markdown).

exit codes: 0 all passed, 1 a test failed or a divergence was found, 2 bad input or an
implementation that would not start, gave no usable answer or was declared broken, 130/143
interrupted by SIGINT/SIGTERM (run writes a partial report)`;

const implementationOptions = {
  implementation: { type: "string" },
  module: { type: "string" },
  "kubernetes-version": { type: "string" },
  "case-timeout": { type: "string" },
} as const;

export async function main(
  argv: readonly string[],
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<number> {
  try {
    const [command, ...rest] = argv;
    switch (command) {
      case "run": {
        const { values: v, positionals } = parseArgs({
          args: [...rest],
          allowPositionals: true,
          options: {
            ...implementationOptions,
            "all-versions": { type: "boolean" },
            "time-limit": { type: "string" },
            "num-runs": { type: "string" },
            seed: { type: "string" },
            profile: { type: "string" },
            "expected-failures": { type: "string" },
            "update-expected-failures": { type: "string" },
            "report-dir": { type: "string" },
            "save-regressions": { type: "string" },
          },
        });
        return await run(
          {
            implementation: v.implementation,
            module: v.module,
            kubernetesVersion: v["kubernetes-version"],
            allVersions: v["all-versions"],
            timeLimit: v["time-limit"],
            numRuns: v["num-runs"],
            seed: v.seed,
            profile: v.profile,
            expectedFailures: v["expected-failures"],
            updateExpectedFailures: v["update-expected-failures"],
            reportDir: v["report-dir"],
            saveRegressions: v["save-regressions"],
            caseTimeout: v["case-timeout"],
            cases: positionals,
          },
          out,
          err,
        );
      }
      case "replay": {
        const { values: v, positionals } = parseArgs({
          args: [...rest],
          allowPositionals: true,
          options: implementationOptions,
        });
        return await replay(
          {
            paths: positionals,
            kubernetesVersion: v["kubernetes-version"],
            implementation: v.implementation,
            module: v.module,
            caseTimeout: v["case-timeout"],
          },
          out,
          err,
        );
      }
      case "cluster": {
        const { values, positionals } = parseArgs({
          args: [...rest],
          allowPositionals: true,
          options: { "kubernetes-version": { type: "string" } },
        });
        return await cluster(positionals[0], values["kubernetes-version"], out);
      }
      case "verify": {
        const { values: v, positionals } = parseArgs({
          args: [...rest],
          allowPositionals: true,
          options: {
            apiserver: { type: "boolean" },
            local: { type: "boolean" },
            kubeconfig: { type: "string" },
            context: { type: "string" },
            "allow-cluster": { type: "string" },
            "kubernetes-version": { type: "string" },
            profile: { type: "string" },
            "num-runs": { type: "string" },
            "time-limit": { type: "string" },
            seed: { type: "string" },
            "report-dir": { type: "string" },
            "batch-size": { type: "string" },
            "webhook-host": { type: "string" },
            "webhook-listen": { type: "string" },
            record: { type: "string" },
          },
        });
        return await verify(
          {
            apiserver: v.apiserver,
            local: v.local,
            kubeconfig: v.kubeconfig,
            context: v.context,
            allowCluster: v["allow-cluster"],
            kubernetesVersion: v["kubernetes-version"],
            profile: v.profile,
            numRuns: v["num-runs"],
            timeLimit: v["time-limit"],
            seed: v.seed,
            reportDir: v["report-dir"],
            batchSize: v["batch-size"],
            webhookHost: v["webhook-host"],
            webhookListen: v["webhook-listen"],
            record: v.record,
            cases: positionals,
          },
          out,
          err,
        );
      }
      case "bundles": {
        const { values: v, positionals } = parseArgs({
          args: [...rest],
          allowPositionals: true,
          options: {
            local: { type: "boolean" },
            kubeconfig: { type: "string" },
            context: { type: "string" },
            "allow-cluster": { type: "string" },
            "kubernetes-version": { type: "string" },
            "webhook-host": { type: "string" },
            "webhook-listen": { type: "string" },
          },
        });
        return await bundles(
          {
            action: positionals[0],
            paths: positionals.slice(1),
            local: v.local,
            kubeconfig: v.kubeconfig,
            context: v.context,
            allowCluster: v["allow-cluster"],
            kubernetesVersion: v["kubernetes-version"],
            webhookHost: v["webhook-host"],
            webhookListen: v["webhook-listen"],
          },
          out,
          err,
        );
      }
      case "coverage": {
        const { values } = parseArgs({
          args: [...rest],
          options: { "num-runs": { type: "string" }, seed: { type: "string" } },
        });
        return coverage(values["num-runs"], values.seed, out);
      }
      case undefined:
      case "help":
      case "--help":
        out(usage);
        return command === undefined ? 2 : 0;
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
  } catch (e) {
    return reportError(e, err);
  }
}

function reportError(e: unknown, err: (line: string) => void): number {
  if (e instanceof AggregateError && e.errors.every((x) => x instanceof CaseFileError)) {
    for (const x of e.errors) err(`matchconform: ${(x as Error).message}`);
    return 2;
  }
  if (e instanceof MatcherStartError) {
    err(`matchconform: ${e.message}`);
    if (e.stderr.length > 0) err(`its last lines of stderr:\n  ${e.stderr.join("\n  ")}`);
    return 2;
  }
  if (e instanceof CaseFileError || e instanceof UsageError) {
    err(`matchconform: ${e.message}`);
    if (e instanceof UsageError) err(usage);
    return 2;
  }
  if (e instanceof TypeError && (e as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
    err(`matchconform: ${e.message}\n${usage}`);
    return 2;
  }
  throw e;
}
