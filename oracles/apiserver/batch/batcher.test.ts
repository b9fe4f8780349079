// The batcher: full batches go at once, the rest after the delay, at most `width` at a time, in
// the order queries came; a failed batch answers each of its queries errored; closing answers
// what waits errored.
import { describe, expect, it } from "vitest";
import type { Query } from "../../contract/query.ts";
import { matchEverything } from "../testQueries.ts";
import type { Pending } from "./batcher.ts";
import { Batcher } from "./batcher.ts";

const query = (name: string): Query => ({ ...matchEverything, request: { ...matchEverything.request, name } });
const names = (items: readonly Pending[]) => items.map((it) => it.query.request.name);

describe("Batcher", () => {
  it.each([
    ["seven queries, batches of three", 7, 3, 1, [["q1", "q2", "q3"], ["q4", "q5", "q6"], ["q7"]]],
    ["seven queries, batches of three, two at a time", 7, 3, 2, [["q1", "q2", "q3"], ["q4", "q5", "q6"], ["q7"]]],
    ["two queries, batches of fifty", 2, 50, 3, [["q1", "q2"]]],
    ["four queries, batches of one", 4, 1, 3, [["q1"], ["q2"], ["q3"], ["q4"]]],
  ])("%s", async (_, count, batchSize, width, expected) => {
    const seen: { batch: string; ids: readonly string[]; names: (string | undefined)[] }[] = [];
    let running = 0;
    let widest = 0;
    const b = new Batcher({
      batchSize,
      delayMs: 0,
      width,
      run: async (items, batch, ids) => {
        running++;
        widest = Math.max(widest, running);
        seen.push({ batch, ids, names: names(items) });
        await new Promise((r) => setImmediate(r));
        for (const it of items) it.resolve({ answer: "skipped", message: `${batch}:${it.query.request.name}` });
        running--;
      },
    });
    const answers = await Promise.all(Array.from({ length: count }, (_, i) => b.add(query(`q${i + 1}`))));
    expect(seen.map((s) => s.names)).toEqual(expected);
    expect(seen.map((s) => s.batch)).toEqual(expected.map((_, i) => String(i + 1)));
    expect(seen.flatMap((s) => s.ids)).toEqual(Array.from({ length: count }, (_, i) => String(i + 1)));
    expect(widest).toBeLessThanOrEqual(width);
    expect(answers.map((a) => a.answer === "skipped" && a.message.split(":")[1])).toEqual(
      Array.from({ length: count }, (_, i) => `q${i + 1}`),
    );
    await b.close();
  });

  it("answers every query of a failed batch errored, naming the batch", async () => {
    const b = new Batcher({ batchSize: 2, delayMs: 0, width: 1, run: () => Promise.reject(new Error("boom")) });
    const answers = await Promise.all([b.add(query("a")), b.add(query("b"))]);
    expect(answers).toEqual([
      { answer: "errored", message: "batch 1 failed: boom" },
      { answer: "errored", message: "batch 1 failed: boom" },
    ]);
    await b.close();
  });

  it("once closed, answers errored without running a batch", async () => {
    let ran = 0;
    const b = new Batcher({
      batchSize: 5,
      delayMs: 0,
      width: 1,
      run: async () => {
        ran++;
      },
    });
    await b.close();
    expect(await b.add(query("late"))).toEqual({ answer: "errored", message: "the apiserver matcher is closed" });
    expect(ran).toBe(0);
  });

  it("closing answers the queries not yet in a batch errored", async () => {
    const b = new Batcher({ batchSize: 5, delayMs: 60_000, width: 1, run: async () => {} });
    const waiting = b.add(query("waiting"));
    await b.close();
    expect(await waiting).toEqual({ answer: "errored", message: "the apiserver matcher was closed" });
  });
});
