// Where the package's own files are (the corpus, the build scripts, package.json): found from this
// module's location, never the working directory, so that the command works from a checkout
// (package/packageRoot.ts, run by tsx or vitest) as from an installed package
// (dist/package/packageRoot.js).
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

function findRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const manifest = join(dir, "package.json");
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, "utf8")) as { name?: string }).name === "matchconform"
    )
      return dir;
    if (dirname(dir) === dir) throw new Error(`no matchconform package.json above ${from}`);
  }
}

export const packageRoot = findRoot(dirname(fileURLToPath(import.meta.url)));

/** A file or folder of the package, by its path in the repository (`suites/cases`). */
export function packagePath(path: string): string {
  return join(packageRoot, path);
}

export const packageVersion = (JSON.parse(readFileSync(packagePath("package.json"), "utf8")) as { version: string })
  .version;

/** The corpus `run` and `verify` read when given no case files. */
export const defaultCorpus = packagePath("suites/cases");
