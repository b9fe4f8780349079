// Loads a `--module` file as an ES module whatever the surrounding project's `type`: `.mjs`,
// `.cjs` and plain CommonJS `.js` as Node loads them; TypeScript (`.ts`, `.mts`, `.cts`), and a `.js`
// written with `import`/`export` in a CommonJS project, bundled with esbuild into one ES module
// next to the file (its packages left to Node, resolved from the same folder), imported, removed —
// as Vite loads vite.config.ts. tsx would compile a `.ts` of a CommonJS project to CommonJS, and
// an ES module it imports with top-level await could not be required.
import { rmSync, writeFileSync } from "node:fs";
import { extname, resolve } from "node:path";
import { pathToFileURL } from "node:url";

type Loaded = { default?: unknown };

const typescript = new Set([".ts", ".mts", ".cts"]);

export async function importModule(file: string): Promise<Loaded> {
  const path = resolve(file);
  const ext = extname(path);
  try {
    if (typescript.has(ext)) return await importBundled(path);
    try {
      return (await import(pathToFileURL(path).href)) as Loaded;
    } catch (e) {
      if (ext === ".js" && e instanceof SyntaxError) return await importBundled(path);
      throw e;
    }
  } catch (e) {
    // Plain Error: this runs in the module's host process, which loads nothing of the model.
    throw new Error(`${file} could not be loaded: ${(e as Error).message}`);
  }
}

async function importBundled(path: string): Promise<Loaded> {
  let esbuild: typeof import("esbuild");
  try {
    esbuild = await import("esbuild");
  } catch (e) {
    throw new Error(`esbuild, which compiles TypeScript modules, is not installed (${(e as Error).message})`);
  }
  const built = await esbuild.build({
    entryPoints: [path],
    bundle: true,
    format: "esm",
    platform: "node",
    target: `node${process.versions.node}`,
    packages: "external",
    sourcemap: "inline",
    write: false,
    logLevel: "silent",
  });
  const code = built.outputFiles[0]?.text ?? "";
  const temp = `${path}.matchconform-${process.pid}-${Date.now()}.mjs`;
  writeFileSync(temp, code);
  try {
    return (await import(pathToFileURL(temp).href)) as Loaded;
  } finally {
    rmSync(temp, { force: true });
  }
}
