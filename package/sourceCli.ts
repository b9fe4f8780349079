// The command as tests run it from a checkout: the sources through tsx, no build needed, from any
// working directory (tsx is found from here, not from the directory the command runs in).
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";

export const cliEntry = fileURLToPath(new URL("../bin/matchconform.ts", import.meta.url));

const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;

/** `node` arguments before the command's own: `spawn(process.execPath, [...sourceCli, "run"])`. */
export const sourceCli: readonly string[] = ["--import", tsx, cliEntry];
