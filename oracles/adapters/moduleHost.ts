// The process a `--module` runs in: a child of the runner, so that whatever the module does —
// process.exit, an unhandled rejection, an endless loop, a promise or a top-level await that never
// settles — is a fault of the implementation the runner reports, times out and kills like any
// child's. It speaks line protocol v1 on stdout; the module's own console output goes to stderr.
//
// Every answer goes out wrapped as `{ seq, reply }` or `{ seq, threw }` (moduleAnswer.ts reads
// it), so that a reply without the right seq, or a throw, is still pinned on the case it answers.
// It imports nothing of the model: its start-up is the module's, not the runner's.
import { writeSync } from "node:fs";
import { createInterface } from "node:readline";
import { hostErrorPrefix } from "./hostErrorPrefix.ts";
import { importModule } from "./importModule.ts";

type Handler = (message: unknown) => unknown;

const protocolOut = process.stdout.write.bind(process.stdout);
// What the module prints must not be read as protocol lines.
process.stdout.write = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;
const send = (message: unknown) => protocolOut(`${JSON.stringify(message)}\n`);

function fail(message: string): never {
  writeSync(2, `\n${hostErrorPrefix}${message.replace(/\n/g, " ")}\n`);
  process.exit(3);
}

function handlerOf(exported: unknown): Handler | undefined {
  if (typeof exported === "function") return exported as Handler;
  const handle = (exported as { handle?: unknown } | null)?.handle;
  return typeof handle === "function" ? (m) => (handle as Handler).call(exported, m) : undefined;
}

function describeThrown(e: unknown): string {
  if (e instanceof Error) return e.stack ?? e.message;
  try {
    return `a non-Error: ${String(e)}`;
  } catch {
    return "a non-Error that cannot be printed";
  }
}

async function main(file: string): Promise<void> {
  // Node exits with 13 when the event loop empties under an await of the entry module: the
  // module's own top-level await never settled.
  process.on("exit", (code) => {
    if (code === 13)
      writeSync(2, `\n${hostErrorPrefix}${file} never finished loading: its top-level await never settled\n`);
  });
  let handler: Handler | undefined;
  try {
    handler = handlerOf((await importModule(file)).default);
  } catch (e) {
    fail((e as Error).message);
  }
  if (handler === undefined)
    fail(`${file} has no default export that is a function or an object with a handle(message) method`);
  const handle = handler;
  let started = false;
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY })) {
    let message: { cmd?: unknown; seq?: unknown };
    try {
      message = JSON.parse(line) as { cmd?: unknown; seq?: unknown };
    } catch {
      continue;
    }
    if (message.cmd === "stop") {
      await Promise.resolve()
        .then(() => handle({ cmd: "stop" }))
        .catch(() => {});
      break;
    }
    if (message.cmd === "start") {
      if (started) continue;
      started = true;
      try {
        send(await handle(message));
      } catch (e) {
        fail(`${file} failed to answer start: ${describeThrown(e).split("\n")[0]}`);
      }
      continue;
    }
    const seq = message.seq;
    // Asked concurrently, as the runner asks an in-process module: answers go out as they settle.
    void Promise.resolve()
      .then(() => handle(message))
      .then(
        (reply) => {
          try {
            send({ seq, reply: reply ?? null });
          } catch (e) {
            send({ seq, threw: `its answer cannot be written as JSON: ${describeThrown(e)}` });
          }
        },
        (e: unknown) => send({ seq, threw: describeThrown(e) }),
      );
  }
  process.exit(0);
}

await main(process.argv[2] ?? "");
