// A project folder of either module type holding one `--module` matcher per file kind, each
// answering `start` with its own name: what the packed package must load whatever "type" says.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export type ModuleType = "commonjs" | "module";

const ready = `{ ready: true, version: 1, subjects: ["MatchResources"], kubernetesVersions: ["1.37"] }`;
/** A function answering start as the implementation `name` (a JavaScript expression) and every match with noMatch. */
const answers = (name: string) =>
  `(m) => (m.cmd === "start" ? { ...${ready}, implementation: { name: ${name}, version: "0" } } : { seq: m.seq, outcome: "noMatch" })`;
const quoted = (name: string) => answers(JSON.stringify(name));

/** File name → the implementation name it answers start with. */
export function matcherFiles(type: ModuleType): Record<string, string> {
  return {
    "matcher.ts": "ts",
    "matcher.mts": "mts",
    "matcher.cts": "cts",
    "esm.js": "esm.js",
    "matcher.mjs": "mjs",
    "matcher.cjs": "cjs",
    ...(type === "commonjs" && { "cjs.js": "cjs.js" }),
  };
}

export function writeModuleProject(dir: string, type: ModuleType): void {
  const files: Record<string, string> = {
    "package.json": JSON.stringify({ name: `p-${type}`, private: true, type }),
    // An ES module with top-level await: a .ts compiled to CommonJS could not require it.
    "settled.mjs": "export const settled = await Promise.resolve(true);\n",
    "helper.ts": `export const answer = (name: string) => ${answers("name")};\n`,
    "matcher.ts": `import { answer } from "./helper.ts";
import { settled } from "./settled.mjs";
interface Message { readonly cmd: string; readonly seq?: number }
export default (m: Message): unknown => (settled ? answer("ts")(m) : undefined);
`,
    "matcher.mts": `export default ${quoted("mts").replace("(m)", "(m: { cmd: string; seq?: number })")};\n`,
    "matcher.cts": `module.exports = ${quoted("cts").replace("(m)", "(m: { cmd: string; seq?: number })")};\n`,
    "esm.js": `export default ${quoted("esm.js")};\n`,
    "matcher.mjs": `export default ${quoted("mjs")};\n`,
    "matcher.cjs": `module.exports = ${quoted("cjs")};\n`,
    "broken.ts": "export default (m: { cmd: string } => m;\n",
    ...(type === "commonjs" && { "cjs.js": `module.exports = ${quoted("cjs.js")};\n` }),
  };
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
}
