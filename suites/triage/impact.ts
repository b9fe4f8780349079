// The order of causes: by how much of a realistic request mix each affects, not by how often the
// run's random sample happened to hit it (docs/diagnosis.md, "Ranked by impact"). The mix is a
// fixed sample of scenarios drawn from the realistic vocabulary (suites/run/scope.ts realisticMix),
// the same for every seed; each scenario is decided by the reference and by the implementation, and
// a divergence counts for every cause whose failures it shares a raw signature with (the model's
// deciding clause and the two outcomes, signature.ts): the cause's behaviour applies there.
import { notAsked } from "../../oracles/adapters/matcher.ts";
import { agree } from "../../oracles/contract/agreement.ts";
import type { Query } from "../../oracles/contract/query.ts";
import type { Bucket, Impact } from "../../reports/runReport.ts";
import { signature } from "./signature.ts";
import type { TriageContext } from "./triageContext.ts";

/** What the mix came to: how many scenarios were decided, and the divergences by raw signature. */
export interface MixResult {
  /** Scenarios the implementation decided (skipped and unanswered ones are left out). */
  readonly decided: number;
  readonly divergences: ReadonlyMap<string, number>;
}

/**
 * Asks the implementation the mix, a few at a time, until `deadline` (performance.now()): a mix cut
 * short by the deadline measures nothing (undefined), since a share of part of a fixed mix is not
 * comparable across runs.
 */
export async function askMix(
  ctx: TriageContext,
  mix: readonly Query[],
  deadline: number,
): Promise<MixResult | undefined> {
  if (mix.length === 0) return undefined;
  const divergences = new Map<string, number>();
  let decided = 0;
  let cut = false;
  const width = 16;
  for (let i = 0; i < mix.length && !cut; i += width) {
    await Promise.all(
      mix.slice(i, i + width).map(async (q) => {
        const answer = await beforeDeadline(ctx.matcher.match(q), deadline);
        // An implementation declared broken answers nothing more: its share of the mix is not measured.
        if (answer === undefined || notAsked(answer)) {
          cut = true;
          return;
        }
        if (answer.answer === "skipped") return;
        decided++;
        const model = ctx.model(q, false);
        if (answer.answer === "outcome" && agree(model.outcome, answer.outcome)) return;
        const raw = signature(model.clauses, model.outcome.outcome, answer);
        divergences.set(raw, (divergences.get(raw) ?? 0) + 1);
      }),
    );
  }
  return cut || decided === 0 ? undefined : { decided, divergences };
}

async function beforeDeadline<T>(work: Promise<T>, deadline: number): Promise<T | undefined> {
  const left = deadline - performance.now();
  if (left <= 0) return undefined;
  if (!Number.isFinite(left)) return work;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), left);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** A cause's share of the mix: the mix's divergences that share a raw signature with its failures. */
export function impactOf(raw: ReadonlySet<string>, mix: MixResult): Impact {
  let affected = 0;
  for (const [s, n] of mix.divergences) if (raw.has(s)) affected += n;
  return { share: affected / mix.decided, affected, decided: mix.decided };
}

/**
 * The causes, highest impact first; causes the mix never met (impact 0, or no mix) after them, by
 * how often the run met them; the signature breaks ties, so the order is the same on every machine.
 */
export function byImpact(buckets: readonly Bucket[]): Bucket[] {
  return [...buckets].sort(
    (a, b) =>
      (b.impact?.share ?? 0) - (a.impact?.share ?? 0) || b.count - a.count || a.signature.localeCompare(b.signature),
  );
}
