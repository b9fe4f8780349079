// The report folder is the user's: `--report-dir .` may hold their own bundles/. The writer checks
// the folder before the run (so a bad one ends it before any work) and removes only the bundle
// folders a manifest it wrote lists, never a folder it cannot tell is its own.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** Written in bundles/: the folders this writer made there, the only ones it may remove. */
export const manifestName = ".matchconform-bundles.json";

/** A bundle folder as every version of the writer names it: 01-<slug>. */
const bundleName = /^\d{2,}-[a-z0-9-]*$/;

/** Why reports cannot be written into dir (a file, not creatable, not writable, bundles/ not ours), or undefined. */
export function reportDirProblem(dir: string): string | undefined {
  if (existsSync(dir) && !statSync(dir).isDirectory()) return `--report-dir ${dir} is a file, not a folder`;
  try {
    mkdirSync(dir, { recursive: true });
  } catch (e) {
    return `--report-dir ${dir} cannot be created: ${(e as Error).message}`;
  }
  const probe = join(dir, `.matchconform-write-check-${process.pid}`);
  try {
    writeFileSync(probe, "");
    unlinkSync(probe);
  } catch (e) {
    return `--report-dir ${dir} is not writable: ${(e as Error).message}`;
  }
  const owned = ownedBundles(join(dir, "bundles"));
  return owned.ok ? undefined : owned.why;
}

type Owned = { readonly ok: true; readonly entries: readonly string[] } | { readonly ok: false; readonly why: string };

/**
 * The entries of a bundles folder this writer may remove: those its manifest lists, or — for a
 * folder an older writer left without a manifest — every entry, when each is a bundle folder.
 */
function ownedBundles(folder: string): Owned {
  if (!existsSync(folder)) return { ok: true, entries: [] };
  const notOurs = {
    ok: false as const,
    why: `${folder} exists and was not written by matchconform; choose another --report-dir or move it`,
  };
  if (!statSync(folder).isDirectory()) return notOurs;
  const manifest = join(folder, manifestName);
  if (existsSync(manifest)) {
    try {
      const written = (JSON.parse(readFileSync(manifest, "utf8")) as { written?: unknown }).written;
      if (Array.isArray(written))
        return { ok: true, entries: written.filter((x): x is string => typeof x === "string" && bundleName.test(x)) };
    } catch {
      // An unreadable manifest proves nothing: the folder is not known to be ours.
    }
    return notOurs;
  }
  const entries = readdirSync(folder);
  const legacy = entries.every((e) => bundleName.test(e) && existsSync(join(folder, e, "case.yaml")));
  return legacy ? { ok: true, entries } : notOurs;
}

/**
 * Replaces the bundles of an earlier run in dir with these (folder name → file name → content):
 * only folders the manifest lists go, and the manifest names the new ones before they are written,
 * so an interrupted write leaves nothing the next run cannot remove.
 */
export function writeBundles(
  dir: string,
  bundles: readonly (readonly [string, Readonly<Record<string, string>>])[],
  write: (file: string, content: string) => void,
): void {
  const folder = join(dir, "bundles");
  const owned = ownedBundles(folder);
  if (!owned.ok) throw new Error(owned.why);
  for (const e of owned.entries) rmSync(join(folder, e), { recursive: true, force: true });
  if (bundles.length === 0) {
    rmSync(join(folder, manifestName), { force: true });
    if (existsSync(folder) && readdirSync(folder).length === 0) rmSync(folder, { recursive: true });
    return;
  }
  mkdirSync(folder, { recursive: true });
  for (const [name] of bundles)
    if (existsSync(join(folder, name)))
      throw new Error(`${join(folder, name)} exists and was not written by matchconform`);
  write(join(folder, manifestName), `${JSON.stringify({ written: bundles.map(([name]) => name) }, null, 2)}\n`);
  for (const [name, files] of bundles) {
    mkdirSync(join(folder, name));
    for (const [file, content] of Object.entries(files)) write(join(folder, name, file), content);
  }
}
