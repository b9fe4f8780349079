import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compiledShape, outsideModel } from "../oracles/model/outsideModel.ts";
import { admissionRequest } from "./admissionRequest.ts";
import { celCondition } from "./celGrammar.ts";
import { shapeOf } from "./conditionShape.ts";
import type { Scenario } from "./scenario.ts";
import { scenario } from "./scenario.ts";

describe("the shape of a drawn condition, known by construction", () => {
  it("is the shape the model compiles, with params declared or not", () => {
    const drawn = fc.sample(
      admissionRequest().chain((r) => celCondition(r)),
      { seed: 21, numRuns: 1500 },
    );
    for (const hasParams of [false, true]) {
      const wrong = drawn.filter((e) => !sameShape(shapeOf(e, hasParams), compiledShape(e, hasParams)));
      expect(wrong).toEqual([]);
    }
    // The sample reaches what the shape tells apart.
    const shapes = drawn.map((e) => compiledShape(e, false));
    expect(shapes.some((s) => s.kind === "ok" && s.rootConditional)).toBe(true);
    expect(shapes.some((s) => s.kind === "ok" && s.reads.has("oldObject"))).toBe(true);
  });

  it("gives outsideModel's verdict on scenarios whose subjects carry drawn conditions", () => {
    // Not filtered by insideModel, so that both verdicts are asked about the scenarios it rejects.
    const withConditions = scenario().chain((sc) =>
      fc.array(celCondition(sc.request), { minLength: 1, maxLength: 3 }).map((es): Scenario => {
        const matchConditions = es.map((expression, i) => ({ name: `c${i}`, expression }));
        const s = sc.subject;
        if ("policy" in s) return { ...sc, subject: { ...s, policy: { ...s.policy, matchConditions } } };
        if ("webhook" in s) return { ...sc, subject: { ...s, webhook: { ...s.webhook, matchConditions } } };
        return sc;
      }),
    );
    const draws = fc.sample(withConditions, { seed: 22, numRuns: 600 });
    expect(draws.filter((s) => outsideModel(s, shapeOf) !== outsideModel(s))).toEqual([]);
    expect(draws.filter((s) => outsideModel(s) !== undefined).length).toBeGreaterThan(20);
  });
});

function sameShape(a: ReturnType<typeof shapeOf>, b: ReturnType<typeof shapeOf>): boolean {
  if (a.kind !== "ok" || b.kind !== "ok") return a.kind === b.kind;
  const reads = (s: ReadonlySet<string>) => [...s].sort().join();
  return a.rootConditional === b.rootConditional && a.paramRead === b.paramRead && reads(a.reads) === reads(b.reads);
}
