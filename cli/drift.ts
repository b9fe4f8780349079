// `matchconform drift <recording> <recording>`: what kube-apiserver decides differently at two minors,
// from two folders `verify --record` wrote, as Markdown on stdout or in a file.
import { statSync, writeFileSync } from "node:fs";
import { terminal } from "../reports/escape.ts";
import { driftMarkdown } from "../suites/replay/driftMarkdown.ts";
import type { Drift } from "../suites/replay/recordedDrift.ts";
import { RecordingError, recordedDrift } from "../suites/replay/recordedDrift.ts";
import { UsageError } from "./usageError.ts";

export interface DriftArgs {
  readonly dirs: readonly string[];
  readonly output?: string | undefined;
  readonly maxRows?: string | undefined;
  readonly headingLevel?: string | undefined;
}

/** Exit 0 the two recordings agree on every query, 1 they differ, 2 bad input. */
export async function drift(a: DriftArgs, out: (line: string) => void, err: (line: string) => void): Promise<number> {
  if (a.dirs.length !== 2)
    throw new UsageError("drift takes two recorded version folders (verify --record <dir> writes them)");
  for (const dir of a.dirs)
    if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) throw new UsageError(`${dir} is not a folder`);
  const maxRows = count("--max-rows", a.maxRows, 0);
  const headingLevel = count("--heading-level", a.headingLevel, 1);
  let d: Drift;
  try {
    d = recordedDrift(a.dirs[0] as string, a.dirs[1] as string);
  } catch (e) {
    if (e instanceof RecordingError) throw new UsageError(e.message);
    throw e;
  }
  const text = driftMarkdown(d, {
    ...(maxRows !== undefined && { maxRows }),
    ...(headingLevel !== undefined && { headingLevel }),
  });
  if (a.output === undefined) out(terminal(text.trimEnd()));
  else writeFileSync(a.output, text);
  const differ = d.changed.length + d.onlyOlder.length + d.onlyNewer.length;
  err(
    terminal(
      `drift ${d.older.version} → ${d.newer.version}: ${d.same} same, ${d.changed.length} changed, ${d.onlyOlder.length} only at ${d.older.minor}, ${d.onlyNewer.length} only at ${d.newer.minor}${a.output === undefined ? "" : `; written to ${a.output}`}`,
    ),
  );
  return differ === 0 ? 0 : 1;
}

function count(flag: string, v: string | undefined, least: number): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!(/^\d+$/.test(v) && n >= least)) throw new UsageError(`${flag} ${v} is not a whole number from ${least}`);
  return n;
}
