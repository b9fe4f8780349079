import type fc from "fast-check";
import { drawn, pick, recordOf } from "./draw.ts";

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
   * equivalents (whose CRD equivalents often lack a kind), the resources exemptions name, or a
   * realistic cluster (2–4 resources of a real server and its CRDs, with real namespaces and
   * labels, both the request and the rules drawn from them).
   */
  readonly focus: "none" | "missingNamespace" | "equivalents" | "exempt" | "realistic";
}

export type SwarmConstraints = Partial<Swarm> & {
  /** The corners that may be drawn when `focus` is not fixed (default all of them). */
  readonly foci?: readonly Swarm["focus"][];
};

// Half the scenarios in no corner, half of those in a realistic cluster; the corners by how much
// they have to find.
const foci: readonly Swarm["focus"][] = [
  ...Array<Swarm["focus"]>(5).fill("none"),
  ...Array<Swarm["focus"]>(5).fill("realistic"),
  ...Array<Swarm["focus"]>(4).fill("missingNamespace"),
  ...Array<Swarm["focus"]>(4).fill("equivalents"),
  ...Array<Swarm["focus"]>(2).fill("exempt"),
];

/** Each feature is on with probability 3/4 (bindings 7/8) unless the constraints fix it. */
export function swarm(constraints: SwarmConstraints = {}): fc.Arbitrary<Swarm> {
  const focusable = foci.filter((f) => f === "none" || f === "realistic" || (constraints.foci ?? foci).includes(f));
  // A record of constantFroms, each field left to the draw unless fixed.
  return drawn((rng) =>
    recordOf(rng, {
      selectors: constraints.selectors ?? pick(rng, on),
      excludes: constraints.excludes ?? pick(rng, on),
      resourceNames: constraints.resourceNames ?? pick(rng, on),
      bindings: constraints.bindings ?? pick(rng, mostly),
      equivalentForced: constraints.equivalentForced ?? pick(rng, rarely),
      focus: constraints.focus ?? pick(rng, focusable),
    }),
  );
}

const on = [true, true, true, false];
const mostly = [true, true, true, true, true, true, true, false];
const rarely = [false, false, false, true];
