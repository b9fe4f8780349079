// Bounds on what a case file may hold, so that a hostile one is refused with its name (exit 2)
// instead of exhausting the runner: its size in bytes, valid UTF-8, and the size of the document
// once YAML aliases are expanded (a kilobyte of nested aliases expands to billions of nodes, which
// the runner would then serialise for the implementation).
import { CaseFileError } from "./caseFileError.ts";

/** The largest case file read; the corpus's largest is a few tens of kilobytes. */
export const maxCaseFileBytes = 4 * 1024 * 1024;
/** Alias nodes (`*ref`) in one file. */
export const maxAliases = 1000;
/** Values in the document with every alias expanded (scalars, lists and maps each count one). */
export const maxExpandedNodes = 1_000_000;
/** Nesting of lists and maps; deeper is no admission request. */
export const maxDepth = 64;

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** The file's text: refused when too large or not UTF-8. */
export function caseFileText(file: string, bytes: Uint8Array): string {
  if (bytes.length > maxCaseFileBytes)
    throw new CaseFileError(
      file,
      `is ${mib(bytes.length)}, larger than the ${mib(maxCaseFileBytes)} a case file may be`,
    );
  try {
    return utf8.decode(bytes);
  } catch {
    throw new CaseFileError(file, `is not valid UTF-8 (first bad byte at offset ${firstBadByte(bytes)})`);
  }
}

/** Refuses a document too large or too deep once its aliases are expanded; stops counting at the bound. */
export function checkExpandedSize(file: string, data: unknown): void {
  let nodes = 0;
  const stack: [unknown, number][] = [[data, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop() as [unknown, number];
    if (++nodes > maxExpandedNodes)
      throw new CaseFileError(
        file,
        `expands to more than ${maxExpandedNodes.toLocaleString("en")} values (YAML aliases nested in aliases?)`,
      );
    if (v === null || typeof v !== "object") continue;
    if (depth >= maxDepth) throw new CaseFileError(file, `nests lists and maps deeper than ${maxDepth} levels`);
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth + 1]);
  }
}

function mib(n: number): string {
  return `${(n / 1024 / 1024).toFixed(1)} MiB`;
}

function firstBadByte(bytes: Uint8Array): number {
  // Decoding ever longer prefixes would be quadratic: halve instead, the bad byte is in the shortest bad prefix.
  let good = 0;
  let bad = bytes.length;
  while (bad - good > 4) {
    const mid = (good + bad) >>> 1;
    try {
      new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(0, mid), { stream: true });
      good = mid;
    } catch {
      bad = mid;
    }
  }
  return good;
}
