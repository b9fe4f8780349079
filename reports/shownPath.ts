// A file a report or a message names, as the reader can open it: relative to the working directory
// the command ran in when the file is below it (`suites/cases/x.yaml` in a clone,
// `node_modules/matchconform/suites/cases/x.yaml` in a project that installed the package), else
// absolute. Stripping everything before `/suites/` named files that do not exist in an installed
// project, and any case file of the user's own folder `…/suites/` by a wrong path.
import { isAbsolute, relative, sep } from "node:path";

export function shownPath(file: string, cwd: string = process.cwd()): string {
  if (!isAbsolute(file)) return file;
  const rel = relative(cwd, file);
  if (rel === "" || isAbsolute(rel) || rel === ".." || rel.startsWith(`..${sep}`)) return file;
  return rel.split(sep).join("/");
}
