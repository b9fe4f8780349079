// Every invariant of oracles/invariants against the reference model, on generated scenarios.
// A violation prints seed and path (fast-check) and the shrunk counterexample as a case file.
import { test } from "@fast-check/vitest";
import { describe } from "vitest";
import type { Scenario } from "../../generators/scenario.ts";
import { scenario } from "../../generators/scenario.ts";
import type { Query } from "../../oracles/contract/query.ts";
import { invariants } from "../../oracles/invariants/index.ts";
import { decide } from "../../oracles/model/decide.ts";
import { toCaseFile } from "../../reports/caseFile.ts";
import { normaliseQuery } from "../shrink/normaliseQuery.ts";
import { checkInvariant } from "./checkInvariant.ts";
import { fastCheckParameters } from "./fastCheckParameters.ts";

const model = (q: Query) => decide(q.subject, q.cluster, q.request, q.kubernetesVersion).outcome;

describe.each(invariants.map((inv) => [inv.name, inv] as const))("%s", (_, inv) => {
  test.prop([scenario(), inv.extra], fastCheckParameters<[Scenario, unknown]>(300))(inv.statement, async (q, extra) => {
    const first = await checkInvariant(inv, q, extra, model);
    if (first.result !== "violated") return;
    const violated = async (c: Query) => (await checkInvariant(inv, c, extra, model)).result === "violated";
    const { query: small } = await normaliseQuery(q, violated);
    const check = await checkInvariant(inv, small, extra, model);
    if (check.result !== "violated") throw new Error("unreachable: the reduced query no longer violates");
    const caseFile = toCaseFile([
      { description: `${inv.name}: base`, source: inv.source, query: check.base.query, outcome: check.base.outcome },
      {
        description: `${inv.name}: variant`,
        source: inv.source,
        query: check.variant.query,
        outcome: check.variant.outcome,
      },
    ]);
    throw new Error(`${inv.name} does not hold: ${inv.statement}\nThe two decisions, as a case file:\n${caseFile}`);
  });
});
