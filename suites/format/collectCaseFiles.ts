// Expands the files and folders given on a command line into case files, in a stable order.
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { CaseFileError } from "./caseFileError.ts";

const caseFile = /\.(ya?ml|json)$/;
const notCaseFile = /\.schema\.json$|(^|\/)edge-cases\.ya?ml$/;

export function collectCaseFiles(paths: readonly string[]): string[] {
  return paths.flatMap((p) => {
    let stat: ReturnType<typeof statSync>;
    try {
      stat = statSync(p);
    } catch {
      throw new CaseFileError(p, "does not exist");
    }
    if (!stat.isDirectory()) return [p];
    return (
      readdirSync(p, { recursive: true, encoding: "utf8" })
        .map((f) => join(p, f))
        // Hidden folders (a recording's staging folder left by a crash) hold no case files.
        .filter((f) => !/(^|\/)\./.test(f.slice(p.length + 1)))
        .filter((f) => caseFile.test(f) && !notCaseFile.test(f) && statSync(f).isFile())
        .sort()
    );
  });
}
