#!/usr/bin/env node
// The `matchconform` command. Installed, it runs compiled (dist/bin/matchconform.js); from a
// checkout, `node --import tsx bin/matchconform.ts` runs the sources as they are.
import { main } from "../cli/main.ts";

// A reader that stops early (`| head`) is not an error of ours.
process.stdout.on("error", (e: NodeJS.ErrnoException) => {
  if (e.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw e;
});
const code = await main(
  process.argv.slice(2),
  (line) => process.stdout.write(`${line}\n`),
  (line) => process.stderr.write(`${line}\n`),
);
process.exitCode = code;
// Whatever an implementation left holding the event loop (a pipe, a process that will not die),
// the command ends: this timer fires only if something else still keeps the process alive.
setTimeout(() => process.exit(code), 3000).unref();
