// A TypeScript skeleton for a child process speaking line protocol v1 (docs/line-protocol.md):
// one JSON message a line on standard input, one answer a line on standard output, logs on
// standard error. Node 20 does not run TypeScript by itself; run it through tsx's loader (a
// dependency of matchconform) or compile it with tsc first:
//
//   npx matchconform run --implementation "node --import tsx examples/skeletons/child-matcher.ts" --profile quick
//
// The runner may send many `match` lines before it reads an answer, so each line is answered as
// it arrives and written at once (process.stdout.write on a pipe is asynchronous but ordered; a
// language with buffered output must flush after every line).
import { createInterface } from "node:readline";
import type { MatchMessage } from "./matchResources.ts";
import { answer, ready } from "./matchResources.ts";

function reply(message: unknown): void {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

const lines = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
for await (const line of lines) {
  if (line.trim() === "") continue;
  let message: { readonly cmd?: unknown; readonly seq?: unknown };
  try {
    message = JSON.parse(line);
  } catch {
    process.stderr.write(`not JSON, ignored: ${line.slice(0, 200)}\n`); // stdout is for answers only
    continue;
  }
  if (message.cmd === "start") reply(ready);
  else if (message.cmd === "stop") break;
  else if (message.cmd === "match") {
    try {
      reply(answer(message as MatchMessage));
    } catch (e) {
      // One bad case must not cost the rest of the run: a crash is reported as `errored`.
      reply({ seq: message.seq, errored: { message: String(e), detail: (e as Error).stack ?? "" } });
    }
  }
}
