// What the `--module` host (moduleHost.ts) writes, read back: each answer wrapped with the seq of
// the request it answers, so that a throw or a malformed reply is pinned on its case, as it was
// when modules ran in the runner's own process.
import type { Answer } from "./matcher.ts";
import { type Parsed, parseAnswer } from "./protocolMessages.ts";

export function readHostAnswer(message: unknown): {
  readonly seq: number | undefined;
  readonly answer: Parsed<Answer>;
} {
  const m = message as { seq?: unknown; reply?: unknown; threw?: unknown } | null;
  const seq = typeof m?.seq === "number" ? m.seq : undefined;
  const broken = (problem: "crashed" | "protocol", text: string): Parsed<Answer> => ({
    ok: true,
    value: { answer: "broken", problem, message: text, stderr: [] },
  });
  if (typeof m?.threw === "string") return { seq, answer: broken("crashed", `threw: ${m.threw}`) };
  const { seq: answered, answer } = parseAnswer(m?.reply);
  if (!answer.ok) return { seq, answer: broken("protocol", `the answer ${answer.problem}`) };
  if (answered !== seq) return { seq, answer: broken("protocol", `answered seq ${answered} for ${seq}`) };
  return { seq, answer };
}
