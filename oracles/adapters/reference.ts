// Which reference decides a query: the model, or where the model stops (outsideModel.ts) and the
// upstream oracle of the query's minor is at hand, kube-apiserver's own code run by that oracle.
import type { Outcome } from "../contract/outcome.ts";
import type { Query } from "../contract/query.ts";
import type { Minor } from "../contract/versions.ts";
import type { Matcher } from "./matcher.ts";

export type UpstreamName = `upstream@${Minor}`;
export type ReferenceName = "model" | UpstreamName;

/** What a reference beyond the model said of a query: an outcome, or why it gave none. */
export type ReferenceVerdict =
  | { readonly verdict: "outcome"; readonly outcome: Outcome }
  | { readonly verdict: "none"; readonly why: string };

/** A reference beyond the model, for one minor. */
export interface OutsideReference {
  readonly name: UpstreamName;
  readonly minor: Minor;
  decide(q: Query): Promise<ReferenceVerdict>;
  close(): Promise<void>;
}

/**
 * A matcher (the upstream oracle's child) as the reference for `minor`, started on its first
 * question: a run whose queries all lie inside the model never starts it.
 */
export function matcherReference(minor: Minor, start: () => Promise<Matcher>): OutsideReference {
  let started: Promise<Matcher> | undefined;
  const name: UpstreamName = `upstream@${minor}`;
  return {
    name,
    minor,
    decide: async (q) => {
      started ??= start();
      let matcher: Matcher;
      try {
        matcher = await started;
      } catch (e) {
        return { verdict: "none", why: `${name} would not start: ${e instanceof Error ? e.message : String(e)}` };
      }
      const a = await matcher.match(q);
      switch (a.answer) {
        case "outcome":
          return { verdict: "outcome", outcome: a.outcome };
        case "skipped":
        case "errored":
        case "broken":
          return { verdict: "none", why: `${name} ${a.answer}: ${a.message}` };
      }
    },
    close: async () => {
      if (started === undefined) return;
      await (await started.catch(() => undefined))?.close();
    },
  };
}

/** The references beyond the model by minor, at most one each. */
export class OutsideReferences {
  readonly #byMinor: ReadonlyMap<Minor, OutsideReference>;

  constructor(references: readonly OutsideReference[] = []) {
    this.#byMinor = new Map(references.map((r) => [r.minor, r]));
  }

  for(minor: Minor): OutsideReference | undefined {
    return this.#byMinor.get(minor);
  }

  get names(): readonly UpstreamName[] {
    return [...this.#byMinor.values()].map((r) => r.name);
  }

  async close(): Promise<void> {
    await Promise.all([...this.#byMinor.values()].map((r) => r.close()));
  }
}
