// Expands the files and folders given on a command line into case files, in a stable order. A
// folder is walked by hand: each file is read once however many symlinks lead to it, a symlink
// loop or a dangling link is a problem of that path (not a stack), and a FIFO, socket or device is
// skipped without being opened (opening a FIFO blocks until someone writes to it).
import { lstatSync, readdirSync, realpathSync, type Stats, statSync } from "node:fs";
import { join } from "node:path";
import { CaseFileError } from "./caseFileError.ts";

const caseFile = /\.(ya?ml|json)$/;
const notCaseFile = /\.schema\.json$|(^|\/)edge-cases\.ya?ml$/;

export interface CollectedCaseFiles {
  readonly files: readonly string[];
  /** Paths that were given or found but cannot be read: a missing file, a dangling or looping link. */
  readonly problems: readonly CaseFileError[];
  /** Special files found in a folder and left alone, with why. */
  readonly skipped: readonly string[];
}

/** The case files; the first problem thrown. */
export function collectCaseFiles(paths: readonly string[]): string[] {
  const { files, problems } = collectCaseFilesReporting(paths);
  if (problems[0] !== undefined) throw problems[0];
  return [...files];
}

export function collectCaseFilesReporting(paths: readonly string[]): CollectedCaseFiles {
  const files: string[] = [];
  const problems: CaseFileError[] = [];
  const skipped: string[] = [];
  const seen = new Set<string>();
  const once = (p: string): boolean => {
    const real = realOf(p);
    if (seen.has(real)) return false;
    seen.add(real);
    return true;
  };
  for (const p of paths) {
    const stat = statOf(p);
    if (typeof stat === "string") problems.push(new CaseFileError(p, stat));
    else if (stat.isDirectory()) {
      const found: string[] = [];
      if (once(p)) walk(p, { files: found, problems, skipped }, once);
      files.push(...found.sort());
    } else if (!stat.isFile()) problems.push(new CaseFileError(p, `is ${special(stat)}, not a case file`));
    else if (once(p)) files.push(p);
  }
  return { files, problems, skipped };
}

function walk(
  dir: string,
  out: { files: string[]; problems: CaseFileError[]; skipped: string[] },
  once: (p: string) => boolean,
): void {
  let names: string[];
  try {
    names = readdirSync(dir, { encoding: "utf8" }).sort();
  } catch (e) {
    out.problems.push(new CaseFileError(dir, `cannot be listed: ${(e as Error).message}`));
    return;
  }
  for (const name of names) {
    // Hidden folders (a recording's staging folder left by a crash) hold no case files.
    if (name.startsWith(".")) continue;
    const path = join(dir, name);
    const link = lstatSync(path, { throwIfNoEntry: false });
    if (link === undefined) continue; // removed while walking
    const stat = link.isSymbolicLink() ? statOf(path) : link;
    if (typeof stat !== "string" && stat.isDirectory()) {
      if (once(path)) walk(path, out, once);
      continue;
    }
    if (!caseFile.test(path) || notCaseFile.test(path)) continue;
    if (typeof stat === "string") out.problems.push(new CaseFileError(path, stat));
    else if (!stat.isFile()) out.skipped.push(`${path}: skipped, it is ${special(stat)}`);
    else if (once(path)) out.files.push(path);
  }
}

/** The target's stat, or why there is none. */
function statOf(p: string): Stats | string {
  try {
    return statSync(p);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ELOOP") return "is a symbolic link that loops";
    if (code === "ENOENT")
      return lstatSync(p, { throwIfNoEntry: false }) ? "is a symbolic link to nothing" : "does not exist";
    return `cannot be read: ${(e as Error).message}`;
  }
}

function realOf(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
}

function special(s: Stats): string {
  if (s.isFIFO()) return "a FIFO";
  if (s.isSocket()) return "a socket";
  if (s.isCharacterDevice() || s.isBlockDevice()) return "a device";
  return "not a regular file";
}
