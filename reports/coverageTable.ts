// The clause-coverage table of a generated run, as Markdown.
import { clauseNames, clauses } from "../oracles/model/clauses.ts";
import type { CoverageRun } from "./coverageRun.ts";
import { matchRate } from "./coverageRun.ts";

export function coverageTable(run: CoverageRun): string {
  const pct = (n: number) => `${((100 * n) / run.scenarios).toFixed(1)}%`;
  const { match, noMatch, error, invalid } = run.outcomes;
  const lines = [
    `${run.scenarios} generated scenarios, seed ${run.seed}: match ${pct(match)}, noMatch ${pct(noMatch)}, error ${pct(error)}, invalid ${pct(invalid)}; match rate among valid subjects ${(100 * matchRate(run)).toFixed(1)}%`,
    "",
    "| clause | hits | upstream |",
    "|---|---:|---|",
    ...clauseNames.map((c) => {
      const note = clauses[c].reachable ? "" : " (unreachable through the API)";
      return `| \`${c}\` | ${run.hits.get(c) ?? 0} | ${clauses[c].source}${note} |`;
    }),
  ];
  return lines.join("\n");
}
