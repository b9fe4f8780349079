#!/usr/bin/env node
// Runs the TypeScript sources through tsx's loader: no build step between an edit and a run.
import { register } from "tsx/esm/api";

register();
// A reader that stops early (`| head`) is not an error of ours.
process.stdout.on("error", (e) => {
  if (e.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw e;
});
const { main } = await import("../cli/main.ts");
const code = await main(
  process.argv.slice(2),
  (line) => process.stdout.write(`${line}\n`),
  (line) => process.stderr.write(`${line}\n`),
);
process.exitCode = code;
// Whatever an implementation left holding the event loop (a pipe, a process that will not die),
// the command ends: this timer fires only if something else still keeps the process alive.
setTimeout(() => process.exit(code), 3000).unref();
