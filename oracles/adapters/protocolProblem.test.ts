// A malformed message is described to its author: what was sent (cut) and, for an answer, its shapes.
import { describe, expect, it } from "vitest";
import { parseAnswer, parseReady } from "./protocolMessages.ts";

const problemOf = (m: unknown) => {
  const { answer } = parseAnswer(m);
  return answer.ok ? undefined : answer.problem;
};

describe("a malformed answer's problem", () => {
  it("quotes what was sent and says what an answer is", () => {
    const p = problemOf("not an object");
    expect(p).toMatch(/^"not an object" must /);
    expect(p).toContain('{"seq":N,"skipped":{"message":…}}');
    expect(p).toContain("docs/line-protocol.md");
  });

  it("cuts a long message, and names the field when the fault is inside it", () => {
    expect(problemOf({ seq: 1, outcome: "x".repeat(10_000) })?.length).toBeLessThan(400);
    expect(problemOf({ seq: 1, outcome: "error", code: "500" })).toMatch(/^\/code /);
  });

  it("quotes a ready message too, without the answers' shapes", () => {
    const ready = parseReady({ ready: true });
    expect(ready.ok).toBe(false);
    if (!ready.ok) expect(ready.problem).toMatch(/^\{"ready":true\} must /);
    if (!ready.ok) expect(ready.problem).not.toContain("line-protocol");
  });
});
