// The command as tests run it from a checkout: the sources through tsx, no build needed.
import { fileURLToPath } from "node:url";

export const cliEntry = fileURLToPath(new URL("../bin/matchconform.ts", import.meta.url));

/** `node` arguments before the command's own: `spawn(process.execPath, [...sourceCli, "run"])`. */
export const sourceCli: readonly string[] = ["--import", "tsx", cliEntry];
