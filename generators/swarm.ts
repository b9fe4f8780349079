import fc from "fast-check";

/**
 * Swarm testing (Groce et al., "Swarm Testing", ISSTA 2012): each scenario first draws which
 * features are switched off, so that rare interactions are reached more often than a uniform
 * draw over every feature at once would reach them.
 */
export interface Swarm {
  readonly selectors: boolean;
  readonly excludes: boolean;
  readonly resourceNames: boolean;
  readonly bindings: boolean;
  /** matchPolicy Equivalent everywhere (instead of a mix with Exact and omitted). */
  readonly equivalentForced: boolean;
}

export type SwarmConstraints = Partial<Swarm>;

/** Each feature is on with probability 3/4 (bindings 7/8) unless the constraints fix it. */
export function swarm(constraints: SwarmConstraints = {}): fc.Arbitrary<Swarm> {
  const on = fc.constantFrom(true, true, true, false);
  const pick = (key: keyof Swarm, arb: fc.Arbitrary<boolean>) =>
    constraints[key] === undefined ? arb : fc.constant(constraints[key]);
  return fc.record({
    selectors: pick("selectors", on),
    excludes: pick("excludes", on),
    resourceNames: pick("resourceNames", on),
    bindings: pick("bindings", fc.constantFrom(true, true, true, true, true, true, true, false)),
    equivalentForced: pick("equivalentForced", fc.constantFrom(false, false, false, true)),
  });
}
