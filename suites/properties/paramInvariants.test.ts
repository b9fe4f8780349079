// Every invariant against the reference model on policy scenarios that all carry a paramKind, a
// paramRef (mostly) and param objects, with conditions that read params now and then: the
// relations hold with params too, or say they do not apply. A query outside the model is not
// decided (inconclusive), as the runner leaves it out.
import { test } from "@fast-check/vitest";
import { describe } from "vitest";
import type { Scenario } from "../../generators/scenario.ts";
import { scenario } from "../../generators/scenario.ts";
import { fullCapabilities } from "../../oracles/contract/capabilities.ts";
import type { Query } from "../../oracles/contract/query.ts";
import { invariants } from "../../oracles/invariants/index.ts";
import { decide } from "../../oracles/model/decide.ts";
import { outsideModel } from "../../oracles/model/outsideModel.ts";
import { checkInvariant } from "./checkInvariant.ts";
import { fastCheckParameters } from "./fastCheckParameters.ts";

const model = (q: Query) =>
  outsideModel(q) === undefined ? decide(q.subject, q.cluster, q.request, q.kubernetesVersion).outcome : undefined;
const withParams = scenario({
  paramRate: 1,
  conditionRate: 0.3,
  capabilities: fullCapabilities,
  subjectKinds: ["ValidatingAdmissionPolicy", "MutatingAdmissionPolicy"],
});

describe.each(invariants.map((inv) => [inv.name, inv] as const))("%s with params", (_, inv) => {
  test.prop([withParams, inv.extra], fastCheckParameters<[Scenario, unknown]>(100))(inv.statement, async (q, extra) => {
    const check = await checkInvariant(inv, q, extra, model);
    if (check.result !== "violated") return;
    const shown = (x: Query) =>
      JSON.stringify({ subject: x.subject, cluster: x.cluster, request: x.request, minor: x.kubernetesVersion });
    throw new Error(
      `${inv.name} does not hold with params:\nbase ${JSON.stringify(check.base.outcome)} ${shown(check.base.query)}\nvariant ${JSON.stringify(check.variant.outcome)} ${shown(check.variant.query)}`,
    );
  });
});
