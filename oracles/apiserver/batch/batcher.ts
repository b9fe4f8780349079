// Queries collected into batches: a batch is taken once batchSize queries wait or delayMs has
// passed since the first, at most `width` batches run at a time, and each query of a batch that
// fails is answered errored. Batches and queries are numbered in the order they are taken; with a
// familyKey, the queries of a family (batch/families.ts: one subject and cluster) are taken together,
// in the order their first came, so that they share a batch and its probe.
import type { Answer } from "../../adapters/matcher.ts";
import type { Query } from "../../contract/query.ts";
import { sleep } from "../controlPlane/sleep.ts";

export interface Pending {
  readonly query: Query;
  readonly resolve: (a: Answer) => void;
  /** Its family, when the batcher groups them. */
  readonly family?: string;
}

export interface BatcherConstraints {
  readonly batchSize: number;
  readonly delayMs: number;
  readonly width: number;
  /** Answers every item of the batch numbered `batch`, whose queries are numbered `ids`. */
  readonly run: (items: readonly Pending[], batch: string, ids: readonly string[]) => Promise<void>;
  /** The query's family: queries of one are taken into a batch together. */
  readonly familyKey?: (q: Query) => string;
}

export class Batcher {
  private readonly queue: Pending[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running = 0;
  private counter = 0;
  private batchCounter = 0;
  private closed = false;

  private readonly c: BatcherConstraints;

  constructor(c: BatcherConstraints) {
    this.c = c;
  }

  /** The query's answer, once its batch has run. */
  add(query: Query): Promise<Answer> {
    return new Promise<Answer>((resolve) => {
      if (this.closed) return resolve({ answer: "errored", message: "the apiserver matcher is closed" });
      const family = this.c.familyKey?.(query);
      this.queue.push({ query, resolve, ...(family !== undefined && { family }) });
      this.schedule();
    });
  }

  /** Answers what is not in a batch yet as errored (closing stops the run where it is) and waits for the running batches. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    for (const p of this.queue.splice(0)) p.resolve({ answer: "errored", message: "the apiserver matcher was closed" });
    while (this.running > 0) await sleep(50);
  }

  private schedule(): void {
    if (this.queue.length >= this.c.batchSize) this.pump();
    else if (this.timer === undefined) this.timer = setTimeout(() => this.pump(), this.c.delayMs);
  }

  /** The next batch: the queue's first queries, each family's together behind its first. */
  private take(): Pending[] {
    if (this.c.familyKey !== undefined) {
      const families = new Map<string | undefined, Pending[]>();
      for (const p of this.queue) {
        const f = families.get(p.family);
        if (f === undefined) families.set(p.family, [p]);
        else f.push(p);
      }
      this.queue.splice(0, this.queue.length, ...[...families.values()].flat());
    }
    return this.queue.splice(0, this.c.batchSize);
  }

  private pump(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    while (this.queue.length > 0 && this.running < this.c.width) {
      const items = this.take();
      this.running++;
      const b = String(++this.batchCounter);
      const ids = items.map(() => String(++this.counter));
      this.c
        .run(items, b, ids)
        .catch((e: Error) => {
          for (const it of items) it.resolve({ answer: "errored", message: `batch ${b} failed: ${e.message}` });
        })
        .finally(() => {
          this.running--;
          if (this.queue.length > 0) this.schedule();
        });
    }
  }
}
