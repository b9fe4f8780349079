// The `matchconform` command: exit 0 all passed, 1 something failed or diverged, 2 bad input or
// an implementation that would not start.
//
// Each command is imported when it runs: `--help` and `--version` load none of the model, the
// generators, ajv or the Kubernetes client, and answer in a fraction of a second.
import { parseArgs } from "node:util";
import { packageVersion } from "../package/packageRoot.ts";
import { CaseFileError } from "../suites/format/caseFileError.ts";
import { helpOf, isCommand, usage } from "./usage.ts";
import { UsageError } from "./usageError.ts";

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
  const [command, ...rest] = argv;
  try {
    if (isCommand(command) && (rest.includes("--help") || rest.includes("-h"))) {
      out(helpOf(command));
      return 0;
    }
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
        const { run } = await import("./run.ts");
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
        const { replay } = await import("./replay.ts");
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
        const { cluster } = await import("./cluster.ts");
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
            "condition-rate": { type: "string" },
            "param-rate": { type: "string" },
            "webhook-host": { type: "string" },
            "webhook-listen": { type: "string" },
            record: { type: "string" },
          },
        });
        const { verify } = await import("./verify.ts");
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
            conditionRate: v["condition-rate"],
            paramRate: v["param-rate"],
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
        const { bundles } = await import("./bundles.ts");
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
        const { coverage } = await import("./coverage.ts");
        return coverage(values["num-runs"], values.seed, out);
      }
      case undefined:
        err(usage);
        return 2;
      case "help":
      case "--help":
      case "-h":
        out(isCommand(rest[0]) ? helpOf(rest[0]) : usage);
        return 0;
      case "--version":
      case "-v":
        out(packageVersion);
        return 0;
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
  } catch (e) {
    return await reportError(e, isCommand(command) ? helpOf(command) : usage, err);
  }
}

async function reportError(e: unknown, usage: string, err: (line: string) => void): Promise<number> {
  // Imported here: matcher.ts brings the model with it.
  const { MatcherStartError } = await import("../oracles/adapters/matcher.ts");
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
