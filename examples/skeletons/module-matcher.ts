// A TypeScript skeleton for `--module`: the runner imports this file in its own process and calls
// its default export with each protocol message, as a child would receive them one a line
// (docs/line-protocol.md). Return the answer, or a promise of it.
//
//   npx matchconform run --module examples/skeletons/module-matcher.ts --profile quick
//
// `start` is answered with `ready` (what you claim, see matchResources.ts); each `match` with one
// answer carrying the message's `seq`; `stop` needs no answer. A throw is caught by the runner and
// counts against the implementation as a crash, so turn your own failures into `errored`.
import type { MatchMessage } from "./matchResources.ts";
import { answer, ready } from "./matchResources.ts";

type Message = { readonly cmd: "start" } | MatchMessage | { readonly cmd: "stop" };

export default function handle(message: Message): unknown {
  switch (message.cmd) {
    case "start":
      return ready;
    case "match":
      try {
        return answer(message);
      } catch (e) {
        return { seq: message.seq, errored: { message: String(e), detail: (e as Error).stack ?? "" } };
      }
    case "stop":
      return undefined;
  }
}
