// The relations invariants state between two outcomes.
import { agree } from "../contract/agreement.ts";
import type { Outcome } from "../contract/outcome.ts";

/** The same decision: outcome, matched resource and kind where given, error code. */
export const same = (a: Outcome, b: Outcome): boolean => agree(a, b);

/** The same outcome and error code; which equivalent was matched may differ. */
export const sameOutcome = (a: Outcome, b: Outcome): boolean =>
  a.outcome === b.outcome && (a.outcome !== "error" || (b.outcome === "error" && a.code === b.code));

/** The variant matches only where the base matches. */
export const variantMatchImpliesBaseMatch = (base: Outcome, variant: Outcome): boolean =>
  variant.outcome !== "match" || base.outcome === "match";

/** The base's matches survive in the variant. */
export const baseMatchImpliesVariantMatch = (base: Outcome, variant: Outcome): boolean =>
  base.outcome !== "match" || variant.outcome === "match";

/** The same outcome name; error codes may differ (a validating policy's 422 is a mutating one's 403). */
export const sameOutcomeName = (a: Outcome, b: Outcome): boolean => a.outcome === b.outcome;

/**
 * The relation where both subjects are valid: an edit that can change validity (a selector swapped
 * for another) says nothing when either side is rejected.
 */
export const whereBothValid =
  (relation: (a: Outcome, b: Outcome) => boolean) =>
  (a: Outcome, b: Outcome): boolean =>
    a.outcome === "invalid" || b.outcome === "invalid" || relation(a, b);
