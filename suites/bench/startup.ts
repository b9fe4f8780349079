// How long the installed command takes to answer `--help`, next to `node -e 0` measured in the same
// run: the compiled CLI (dist/, `npm run build`) loads no TypeScript compiler and none of the
// heavy modules before a command needs them.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { packagePath } from "../../package/packageRoot.ts";

export interface StartupFigure {
  readonly helpMs: number;
  readonly nodeMs: number;
}

function wallMs(args: readonly string[]): number {
  const start = performance.now();
  const r = spawnSync(process.execPath, args, { stdio: "ignore" });
  if (r.status !== 0) throw new Error(`node ${args.join(" ")} exited ${r.status}`);
  return performance.now() - start;
}

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

/** Medians of `rounds` alternating runs of each, or undefined when dist/ is not built. */
export function measureStartup(rounds = 15): StartupFigure | undefined {
  const cli = packagePath("dist/bin/matchconform.js");
  if (!existsSync(cli)) return undefined;
  const help: number[] = [];
  const node: number[] = [];
  wallMs([cli, "--help"]); // warm the file cache
  for (let i = 0; i < rounds; i++) {
    help.push(wallMs([cli, "--help"]));
    node.push(wallMs(["-e", "0"]));
  }
  return { helpMs: median(help), nodeMs: median(node) };
}
