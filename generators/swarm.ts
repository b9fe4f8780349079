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
  /**
   * A corner the scenario is drawn into: requests in missing namespaces, resources with
   * equivalents (whose CRD equivalents often lack a kind), or the resources exemptions name.
   */
  readonly focus: "none" | "missingNamespace" | "equivalents" | "exempt";
}

export type SwarmConstraints = Partial<Swarm>;

/** Each feature is on with probability 3/4 (bindings 7/8) unless the constraints fix it. */
export function swarm(constraints: SwarmConstraints = {}): fc.Arbitrary<Swarm> {
  const on = fc.constantFrom(true, true, true, false);
  const pick = (key: Exclude<keyof Swarm, "focus">, arb: fc.Arbitrary<boolean>) => {
    const fixed = constraints[key];
    return fixed === undefined ? arb : fc.constant<boolean>(fixed);
  };
  return fc.record({
    selectors: pick("selectors", on),
    excludes: pick("excludes", on),
    resourceNames: pick("resourceNames", on),
    bindings: pick("bindings", fc.constantFrom(true, true, true, true, true, true, true, false)),
    equivalentForced: pick("equivalentForced", fc.constantFrom(false, false, false, true)),
    focus:
      constraints.focus === undefined
        ? fc.constantFrom<Swarm["focus"]>(
            "none",
            "none",
            "none",
            "none",
            "none",
            "missingNamespace",
            "missingNamespace",
            "equivalents",
            "equivalents",
            "exempt",
          )
        : fc.constant<Swarm["focus"]>(constraints.focus),
  });
}
