// A diagnosis under a ceiling (run --mode ci) ends before the ceiling with what it found. Past the
// ceiling the run's own matcher never answers (runContext.ts), and a diagnosis still asking then was
// thrown away whole and made again without a call: every cause keyed by its raw example's clause,
// none by behaviour. Here every call still unanswered just before the ceiling gets the answer
// `cutAnswer` at once, which no probe takes for agreement and no reduction for a divergence, so the
// reductions stop, the probes that were asking find nothing, and the diagnosis ends in time.
import type { Answer } from "../../oracles/adapters/matcher.ts";
import type { TriageContext } from "./triageContext.ts";

const cutMessage = "the run's ceiling came before this answer";

/** The answer every call gets once the ceiling is near. */
export const cutAnswer: Answer = { answer: "broken", problem: "timeout", message: cutMessage, stderr: [] };

/** Was `a` no answer at all, the ceiling having come first? */
export function wasCut(a: Answer): boolean {
  return a.answer === "broken" && a.message === cutMessage;
}

/** `ctx` whose calls end at `until` (performance.now()) with `cutAnswer`; `dispose` clears the timer. */
export function cutAt(ctx: TriageContext, until: number): { readonly ctx: TriageContext; dispose(): void } {
  if (!Number.isFinite(until)) return { ctx, dispose() {} };
  let timer: NodeJS.Timeout | undefined;
  const cut = new Promise<Answer>((resolve) => {
    timer = setTimeout(() => resolve(cutAnswer), Math.max(0, until - performance.now()));
    timer.unref();
  });
  const match = (q: Parameters<TriageContext["matcher"]["match"]>[0]) =>
    performance.now() >= until ? Promise.resolve(cutAnswer) : Promise.race([ctx.matcher.match(q), cut]);
  const outcomeOf: TriageContext["outcomeOf"] = async (q) => {
    const a = await match(q);
    return a.answer === "outcome" ? a.outcome : undefined;
  };
  const bounded: TriageContext = {
    matcher: { match },
    model: (q, count) => ctx.model(q, count),
    allows: (q, beyondModel) => ctx.allows(q, beyondModel),
    decidedBy: (q) => ctx.decidedBy(q),
    referenceOutcome: (q) => ctx.referenceOutcome(q),
    outcomeOf,
  };
  return { ctx: bounded, dispose: () => clearTimeout(timer) };
}
