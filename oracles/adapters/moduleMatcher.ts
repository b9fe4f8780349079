// An implementation as an ES module loaded in-process: its default export answers the protocol's
// JSON messages, synchronously or asynchronously — a function `(message) => answer`, or an object
// with such a `handle` method. A `.ts` file works too (importModule.ts).

import { readCapabilities } from "../contract/capabilities.ts";
import type { SubjectInputForm } from "../contract/protocol.ts";
import { isMinor } from "../contract/versions.ts";
import { importModule } from "./importModule.ts";
import type { Answer, Matcher } from "./matcher.ts";
import { MatcherStartError } from "./matcher.ts";
import { matchMessage, unsentAnswer } from "./matchMessage.ts";
import { parseAnswer, parseReady } from "./protocolMessages.ts";

type Handler = (message: unknown) => unknown;

export interface ModuleOptions {
  readonly caseTimeoutMs?: number;
}

export async function loadModuleMatcher(file: string, options: ModuleOptions = {}): Promise<Matcher> {
  const loaded = await importModule(file);
  const handler = handlerOf(loaded.default);
  if (handler === undefined) {
    throw new MatcherStartError(
      `${file} has no default export that is a function or an object with a handle(message) method`,
    );
  }
  const timeout = options.caseTimeoutMs ?? 10_000;
  let readyMessage: unknown;
  try {
    readyMessage = await withTimeout(Promise.resolve(handler({ cmd: "start", version: 1 })), timeout);
  } catch (e) {
    throw new MatcherStartError(`${file} failed to answer start: ${(e as Error).message}`);
  }
  const ready = parseReady(readyMessage);
  if (!ready.ok) throw new MatcherStartError(`${file} answered start with a ready message that ${ready.problem}`);
  const input: SubjectInputForm = ready.value.input ?? "manifest";
  const capabilities = readCapabilities(ready.value);
  let seq = 0;
  return {
    info: ready.value.implementation,
    subjects: ready.value.subjects,
    input,
    kubernetesVersions: ready.value.kubernetesVersions.filter(isMinor),
    capabilities,
    match: async (q): Promise<Answer> => {
      const prepared = matchMessage(q, input, capabilities);
      if (!prepared.send) return unsentAnswer(prepared);
      const mine = ++seq;
      let reply: unknown;
      try {
        reply = await withTimeout(Promise.resolve(handler({ ...prepared.message, seq: mine })), timeout);
      } catch (e) {
        const timedOut = e instanceof TimeoutError;
        const message = timedOut ? `no answer within ${timeout} ms` : `threw: ${(e as Error).stack ?? String(e)}`;
        return { answer: "broken", problem: timedOut ? "timeout" : "crashed", message, stderr: [] };
      }
      const { seq: answered, answer } = parseAnswer(reply);
      if (!answer.ok)
        return { answer: "broken", problem: "protocol", message: `the answer ${answer.problem}`, stderr: [] };
      if (answered !== mine)
        return { answer: "broken", problem: "protocol", message: `answered seq ${answered} for ${mine}`, stderr: [] };
      return answer.value;
    },
    close: async () => {
      await Promise.resolve(handler({ cmd: "stop" })).catch(() => {});
    },
  };
}

function handlerOf(exported: unknown): Handler | undefined {
  if (typeof exported === "function") return exported as Handler;
  const handle = (exported as { handle?: unknown } | null)?.handle;
  return typeof handle === "function" ? (m) => (handle as Handler).call(exported, m) : undefined;
}

class TimeoutError extends Error {}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const t = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([p, t]).finally(() => clearTimeout(timer));
}
