import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import type { Query } from "../contract/query.ts";
import { startChildMatcher } from "./childMatcher.ts";
import type { Matcher } from "./matcher.ts";
import { MatcherStartError } from "./matcher.ts";

const fixture = fileURLToPath(new URL("./fixtures/misbehaving.mjs", import.meta.url));
const query = (name: string): Query => ({
  kubernetesVersion: "1.37",
  subject: { kind: "MatchResources", matchResources: {} },
  cluster: {},
  request: {
    operation: "CREATE",
    resource: { group: "", version: "v1", resource: "configmaps" },
    kind: { group: "", version: "v1", kind: "ConfigMap" },
    namespace: "prod",
    name,
    object: { metadata: { name } },
  },
});

let open: Matcher | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

async function child(mode = "normal", caseTimeoutMs = 1500): Promise<Matcher> {
  open = await startChildMatcher(`node ${fixture} ${mode}`, { caseTimeoutMs, startTimeoutMs: 5000 });
  return open;
}

describe("a child implementation", () => {
  it("answers pipelined requests out of order, each by its seq", async () => {
    const m = await child("pairs");
    const answers = await Promise.all(["a", "b", "c", "d"].map((n) => m.match(query(n))));
    expect(answers.map((a) => a.answer)).toEqual(["outcome", "outcome", "outcome", "outcome"]);
  });

  it("reports skipped and errored answers as such", async () => {
    const m = await child();
    expect(await m.match(query("skipped"))).toEqual({
      answer: "skipped",
      message: "no equivalents",
      issue: "https://example.com/1",
    });
    expect(await m.match(query("errored"))).toEqual({ answer: "errored", message: "not today" });
  });

  it("reports a crash with its stderr, restarts and goes on", async () => {
    const m = await child();
    const crashed = await m.match(query("crash"));
    expect(crashed).toMatchObject({ answer: "broken", problem: "crashed" });
    expect(crashed.answer === "broken" && crashed.stderr).toContain("got crash");
    expect(await m.match(query("fine"))).toEqual({ answer: "outcome", outcome: { outcome: "noMatch" } });
  });

  it("blames a crash on the case that causes it, not on the others in flight", async () => {
    const m = await child("pairs");
    const [a, crash, b] = await Promise.all([m.match(query("a")), m.match(query("crash")), m.match(query("b"))]);
    expect(crash).toMatchObject({ answer: "broken", problem: "crashed" });
    expect(a).toEqual({ answer: "outcome", outcome: { outcome: "noMatch" } });
    expect(b).toEqual({ answer: "outcome", outcome: { outcome: "noMatch" } });
  });

  it("ends a crashed child's whole process group before its successor answers", async () => {
    const marker = `orphan ${process.pid}-${Date.now()}`;
    const m = await child();
    expect(await m.match(query(marker))).toMatchObject({ answer: "broken", problem: "crashed" });
    expect(await m.match(query("fine"))).toEqual({ answer: "outcome", outcome: { outcome: "noMatch" } });
    const ps = spawnSync("ps", ["-eo", "args"], { encoding: "utf8" }).stdout;
    expect(ps.split("\n").filter((l) => l.includes(marker))).toEqual([]);
  });

  it("reports a hang past the case timeout and goes on", async () => {
    const m = await child("normal", 500);
    expect(await m.match(query("hang"))).toMatchObject({ answer: "broken", problem: "timeout" });
    expect(await m.match(query("fine"))).toEqual({ answer: "outcome", outcome: { outcome: "noMatch" } });
  });

  it("records a line that is not JSON as a fault of its child, and answers in flight still count", async () => {
    const m = await child("pairs", 800);
    const [babble, fine] = await Promise.all([m.match(query("babble")), m.match(query("fine"))]);
    expect(babble).toMatchObject({ answer: "broken", problem: "timeout" });
    expect(fine).toEqual({ answer: "outcome", outcome: { outcome: "noMatch" } });
    // The case is sent once more, to a new child, before it counts as a timeout: that child babbles too.
    expect(m.health?.().faults).toEqual([
      { child: 1, kind: "notJson", count: 1, lines: ["panic: something went wrong"] },
      { child: 2, kind: "notJson", count: 1, lines: ["panic: something went wrong"] },
    ]);
  });

  it("declares a child broken after three cases in a row time out, and asks it nothing more", async () => {
    const m = await child("normal", 300);
    for (let i = 0; i < 3; i++) expect(await m.match(query("hang"))).toMatchObject({ problem: "timeout" });
    const started = performance.now();
    expect(await m.match(query("fine"))).toMatchObject({ answer: "broken", message: /declared broken/ });
    expect(performance.now() - started).toBeLessThan(100);
    // Each case timed out twice: once, then again when sent once more with twice the time.
    expect(m.health?.()).toMatchObject({ timeouts: 6, broken: "3 cases in a row got no answer in time" });
  });

  it("reports an answer that breaks the protocol", async () => {
    const m = await child();
    expect(await m.match(query("broken"))).toMatchObject({ answer: "broken", problem: "protocol" });
  });

  it.each([
    ["no-start", /exited with code 3 before answering start/],
    ["bad-ready", /answered start with a ready message that/],
  ])("refuses a child that %s", async (mode, message) => {
    await expect(startChildMatcher(`node ${fixture} ${mode}`, { startTimeoutMs: 3000 })).rejects.toThrow(
      MatcherStartError,
    );
    await expect(startChildMatcher(`node ${fixture} ${mode}`, { startTimeoutMs: 3000 })).rejects.toThrow(message);
  });
});
