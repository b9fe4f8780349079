// Collects failures into buckets by signature: a count per bucket and its first example.
import type { Minor } from "../../oracles/model/versions.ts";
import type { Bucket, Example, Phase } from "../../reports/runReport.ts";

interface Entry {
  readonly signature: string;
  readonly phase: Phase;
  count: number;
  readonly minors: Set<Minor>;
  example: Example;
  /** Reduces the example to a minimal one; set for buckets whose example can be reduced. */
  readonly reduce?: (e: Example) => Promise<Example>;
}

export class BucketCollector {
  readonly #entries = new Map<string, Entry>();
  #firstGeneratedAt: number | undefined;
  #firstAt: number | undefined;

  add(
    signature: string,
    phase: Phase,
    minor: Minor,
    example: () => Example,
    reduce?: (e: Example) => Promise<Example>,
  ): void {
    this.#firstAt ??= performance.now();
    if (phase === "generated") this.#firstGeneratedAt ??= performance.now();
    const key = `${phase} ${signature}`;
    const entry = this.#entries.get(key);
    if (entry) {
      entry.count++;
      entry.minors.add(minor);
      return;
    }
    this.#entries.set(key, {
      signature,
      phase,
      count: 1,
      minors: new Set([minor]),
      example: example(),
      ...(reduce && { reduce }),
    });
  }

  get size(): number {
    return this.#entries.size;
  }

  /** When the first failure of any phase was found. */
  get firstAt(): number | undefined {
    return this.#firstAt;
  }

  /** When the first generated divergence was found. */
  get firstGeneratedAt(): number | undefined {
    return this.#firstGeneratedAt;
  }

  countIn(phase: Phase): number {
    let n = 0;
    for (const e of this.#entries.values()) if (e.phase === phase) n += e.count;
    return n;
  }

  /** Reduces the examples of the `limit` largest buckets, then lists every bucket, largest first. */
  async finish(limit: number): Promise<Bucket[]> {
    const entries = [...this.#entries.values()].sort((a, b) => b.count - a.count);
    for (const e of entries.slice(0, limit)) {
      if (e.reduce) e.example = await e.reduce(e.example);
    }
    return entries.map((e) => ({
      signature: e.signature,
      phase: e.phase,
      count: e.count,
      minors: [...e.minors].sort(),
      example: e.example,
    }));
  }
}
