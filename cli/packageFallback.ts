// A case path the docs name in the package's own terms (`suites/cases`, as kits/go's README and the
// corpus guide write it) resolves in a clone, but not in a project that installed matchconform,
// where the corpus is node_modules/matchconform/suites/cases: there `replay suites/cases` failed
// with "does not exist". A relative path missing from the working directory that the package holds
// is read from the package, and the user is told which files were read and how to name them.
import { existsSync } from "node:fs";
import { isAbsolute } from "node:path";
import { packagePath } from "../package/packageRoot.ts";
import { shownPath } from "../reports/shownPath.ts";

export function withPackageFallback(paths: readonly string[], note: (line: string) => void): string[] {
  return paths.map((p) => {
    if (isAbsolute(p) || existsSync(p)) return p;
    const shipped = packagePath(p);
    if (!existsSync(shipped)) return p;
    note(`matchconform: ${p} is not in the working directory; reading matchconform's own ${shownPath(shipped)}`);
    return shipped;
  });
}
