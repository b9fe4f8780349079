// What `replay` reads for each path it is given: a report folder or a bundles folder stands for its
// bundles' minimal cases (each bundle's case.yaml), a bundle folder for its own. The files beside a
// case.yaml in a bundle (crd.yaml, manifests.yaml, request.json, subject.yaml) are manifests and an
// AdmissionRequest for a real cluster, not case files: walked as a plain folder, they were parsed
// as cases and replay exited 2 (issue 21).
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { manifestName } from "../../reports/reportDir.ts";

const bundleCase = "case.yaml";

/** The paths to load: the ones given, each report, bundles or bundle folder replaced by its bundles' case files. */
export function replayTargets(paths: readonly string[]): string[] {
  return paths.flatMap((p) => {
    if (!isFolder(p)) return [p];
    if (isFolder(join(p, "bundles")) && existsSync(join(p, "report.json"))) return bundleCases(join(p, "bundles"));
    if (isBundlesFolder(p)) return bundleCases(p);
    if (isBundle(p)) return [join(p, bundleCase)];
    return [p];
  });
}

function isFolder(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

function isBundle(p: string): boolean {
  return existsSync(join(p, bundleCase)) && existsSync(join(p, "README.md"));
}

/** Written by a run (its manifest), or holding only bundle folders. */
function isBundlesFolder(p: string): boolean {
  if (existsSync(join(p, manifestName))) return true;
  const entries = visible(p);
  return entries.length > 0 && entries.every((e) => isFolder(join(p, e)) && isBundle(join(p, e)));
}

/** Each bundle's case.yaml, in the bundles' order (01-…, 02-…); a folder without one is left out. */
function bundleCases(folder: string): string[] {
  return visible(folder)
    .filter((e) => isFolder(join(folder, e)) && existsSync(join(folder, e, bundleCase)))
    .map((e) => join(folder, e, bundleCase));
}

function visible(folder: string): string[] {
  try {
    return readdirSync(folder)
      .filter((e) => !e.startsWith("."))
      .sort();
  } catch {
    return [];
  }
}
