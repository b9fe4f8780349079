// How real a case is: whether a real cluster can be asked it (the apiserver oracle's pure check,
// the reason a bundle gets not-reproducible.txt), and which of a cause's reduced examples is the
// one to show. The reducer keeps the first (suites/shrink/normaliseQuery.ts `reproducible`), the
// merge of reduced examples into causes the second (diagnose.ts).
import type { NotReproducible } from "../../oracles/apiserver/batch/notReproducible.ts";
import type { Query } from "../../oracles/contract/query.ts";
import { whyNotReproducible } from "../../reports/bundleRequest.ts";
import type { ReducedFailure } from "./reducedFailure.ts";
import { smallerFirst } from "./smallestExample.ts";
import type { TriageContext } from "./triageContext.ts";

/**
 * Why no real cluster can reproduce q, in the oracle's words and kind (an input no cluster sends, or
 * a real request the oracle cannot observe), or undefined. An invalid subject shows when it is
 * applied, so the request need not be sendable when the reference calls it invalid (as
 * reports/bundle.ts asks it of a bundle's case).
 */
export function whyUnreal(ctx: Pick<TriageContext, "model">, q: Query): NotReproducible | undefined {
  try {
    // A webhook's error the oracle cannot attribute to its probe (bundleRequest.ts): only then is
    // the model asked for a request a server can be sent.
    const webhook = q.subject.kind === "ValidatingWebhook" || q.subject.kind === "MutatingWebhook";
    const errs = webhook && ctx.model(q, false).outcome.outcome === "error";
    const why = whyNotReproducible(q, false, errs);
    if (why === undefined || ctx.model(q, false).outcome.outcome !== "invalid") return why;
    return whyNotReproducible(q, true);
  } catch (e) {
    // A query the oracle cannot even prepare is one no cluster is asked.
    const why = `the apiserver oracle cannot prepare it: ${e instanceof Error ? e.message : String(e)}`;
    return { kind: "unobservable", why };
  }
}

/** The reducer's check: can a real cluster be asked q? */
export function reproducibleBy(ctx: Pick<TriageContext, "model">): (q: Query) => boolean {
  return (q) => whyUnreal(ctx, q) === undefined;
}

/**
 * Of two reduced examples of one cause, the one a maintainer should see: one a cluster can
 * reproduce first, then a request a real cluster sends whose decision the oracle cannot observe,
 * then an input no real cluster sends (which alone would set the cause apart as unreal:
 * unrealInputs.ts); a corpus case (written from the upstream behaviour, with its realistic names)
 * before a generated one; then the smaller (smallestExample.ts, an order that does not depend on
 * which reduction finished first). Negative when `a` comes first.
 */
export function realismOrder(ctx: Pick<TriageContext, "model">, a: ReducedFailure, b: ReducedFailure): number {
  const unreal = (r: ReducedFailure) => {
    const why = whyUnreal(ctx, r.example.query);
    return why === undefined ? 0 : why.kind === "unobservable" ? 1 : 2;
  };
  const generated = (r: ReducedFailure) => (r.example.corpus ? 0 : 1);
  const candidate = (r: ReducedFailure) => ({ status: r.reduction.status, caseFile: r.example.caseFile });
  return unreal(a) - unreal(b) || generated(a) - generated(b) || smallerFirst(candidate(a), candidate(b));
}
