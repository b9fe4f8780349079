// A family of scenarios: one subject and cluster at one minor, asked about several requests, as a
// corpus case asks its subject about each of its tests. The first is a scenario as scenario.ts
// draws it (the subject drawn towards its request); the others' requests are drawn from the same
// request arbitrary, in the cluster's namespaces, with a drawn user where the first has one. An
// oracle that realises a subject once for all its requests (the real kube-apiserver,
// oracles/apiserver/batch/families.ts) decides a family for the price of one subject and K requests.
import fc from "fast-check";
import { fullCapabilities } from "../oracles/contract/capabilities.ts";
import type { AdmissionRequest } from "../oracles/contract/kube.ts";
import { outsideModel } from "../oracles/model/outsideModel.ts";
import { admissionRequest } from "./admissionRequest.ts";
import { shapeOf } from "./conditionShape.ts";
import type { Scenario, ScenarioConstraints } from "./scenario.ts";
import { scenario } from "./scenario.ts";
import { requestsInScope } from "./scenarioScope.ts";
import { userInfo } from "./userInfo.ts";

export interface FamilySize {
  /** Scenarios a family holds, the first included (default 8 to 16). */
  readonly min: number;
  readonly max: number;
}

const defaultSize: FamilySize = { min: 8, max: 16 };

/**
 * Families of scenarios sharing subject, cluster and minor. A sibling the reference model would
 * not decide while the first is decided (a CONNECT or a generateName create under conditions) is
 * left out, as scenario.ts draws such requests again: a family may hold fewer than `size.min`.
 */
export function scenarioFamily(
  constraints: ScenarioConstraints = {},
  size: FamilySize = defaultSize,
): fc.Arbitrary<Scenario[]> {
  const inScope = requestsInScope(constraints.capabilities ?? fullCapabilities);
  const users = userInfo();
  return scenario(constraints).chain((first) => {
    const namespaces = Object.keys(first.cluster.namespaces ?? {});
    const request = admissionRequest(inScope(namespaces.length > 0 ? { namespaces } : {}, false));
    const given = first.request.userInfo;
    const sibling: fc.Arbitrary<AdmissionRequest> =
      given === undefined ? request : fc.tuple(request, users).map(([r, u]) => ({ ...r, userInfo: u ?? given }));
    const firstDecided = outsideModel(first, shapeOf) === undefined;
    return fc
      .array(sibling, { minLength: size.min - 1, maxLength: size.max - 1 })
      .map((requests) => [
        first,
        ...requests
          .map((r): Scenario => ({ ...first, request: r }))
          .filter((s) => !firstDecided || outsideModel(s, shapeOf) === undefined),
      ]);
  });
}

/**
 * `n` scenarios in families, flattened, a family's scenarios next to each other: families of the
 * seed, then of seed + 1 and so on until there are `n` (siblings the model would not decide are
 * left out, so a family may be short), the last family cut at `n`.
 */
export function sampleFamilies(
  constraints: ScenarioConstraints,
  n: number,
  seed: number,
  size: FamilySize = defaultSize,
): Scenario[] {
  const arb = scenarioFamily(constraints, size);
  const out: Scenario[] = [];
  for (let k = 0; out.length < n; k++)
    out.push(...fc.sample(arb, { numRuns: Math.ceil((n - out.length) / size.min), seed: seed + k }).flat());
  return out.slice(0, n);
}
