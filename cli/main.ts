// The `matchconform` command: exit 0 all passed, 1 something failed, 2 bad input.
import { parseArgs } from "node:util";
import { CaseFileError } from "../suites/format/caseFileError.ts";
import { coverage } from "./coverage.ts";
import { replay } from "./replay.ts";
import { UsageError } from "./usageError.ts";

const usage = `usage: matchconform <command> [options]

commands:
  replay <files or folders...> [--kubernetes-version 1.N]
      run every test of every case file through the reference model, at every minor the case
      applies to (or only the one given); print each failure and "N passed, N failed".

  coverage [--num-runs N] [--seed S]
      generate scenarios, decide them with the reference model and print how often each
      clause was reached (Markdown).

exit codes: 0 all passed, 1 a test failed, 2 bad input`;

export function main(argv: readonly string[], out: (line: string) => void, err: (line: string) => void): number {
  try {
    const [command, ...rest] = argv;
    switch (command) {
      case "replay": {
        const { values, positionals } = parseArgs({
          args: [...rest],
          allowPositionals: true,
          options: { "kubernetes-version": { type: "string" } },
        });
        const version = values["kubernetes-version"];
        return replay({ paths: positionals, ...(version !== undefined && { kubernetesVersion: version }) }, out);
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
