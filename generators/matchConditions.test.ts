import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fullCapabilities } from "../oracles/contract/capabilities.ts";
import { carriesMatchConditions } from "../oracles/contract/features.ts";
import type { AdmissionRequest } from "../oracles/contract/kube.ts";
import { toAttributes } from "../oracles/model/attributes.ts";
import { evaluateCondition } from "../oracles/model/cel/evaluate.ts";
import { jsonToCel, requestValue } from "../oracles/model/cel/values.ts";
import { decide } from "../oracles/model/decide.ts";
import { compileCondition } from "../oracles/model/matchConditions.ts";
import { outsideModel } from "../oracles/model/outsideModel.ts";
import { unrealRequest } from "../suites/format/unrealInput.ts";
import { admissionRequest } from "./admissionRequest.ts";
import { matchConditions } from "./matchConditions.ts";
import { scenario } from "./scenario.ts";
import { userInfo } from "./userInfo.ts";

const conditioned = scenario({ conditionRate: 1, capabilities: fullCapabilities });
const draws = fc.sample(conditioned, { seed: 14, numRuns: 400 });

describe("matchConditions and userInfo draws", () => {
  it("draw the same values from the same seed", () => {
    const arb = admissionRequest().chain((r) => matchConditions(r));
    expect(fc.sample(arb, { seed: 3, numRuns: 20 })).toEqual(fc.sample(arb, { seed: 3, numRuns: 20 }));
  });

  it("draw only conditions the model compiles or that upstream rejects, none outside the model", () => {
    const arb = admissionRequest().chain((r) => matchConditions(r));
    const kinds = new Set(
      fc
        .sample(arb, { seed: 5, numRuns: 300 })
        .flat()
        .map((c) => compileCondition(c.expression ?? "").kind),
    );
    expect([...kinds].sort()).toEqual(["compileError", "notBool", "ok"]);
  });

  it("reach the request fields, operators, macros and library functions the model covers", () => {
    const arb = admissionRequest().chain((r) => matchConditions(r));
    const text = fc
      .sample(arb, { seed: 6, numRuns: 600 })
      .flat()
      .map((c) => c.expression)
      .join("\n");
    const reached = [
      ...["request.operation", "request.name", "request.namespace", "request.subResource", "request.resource."],
      ...["request.kind.", "request.dryRun", "userInfo.username", "userInfo.groups", "userInfo.uid", "userInfo.extra"],
      ...["object.metadata.labels", "object.metadata.annotations", "oldObject.", "namespaceObject."],
      ...["has(", " in ", ".exists(", ".all(", ".exists_one(", ".map(", ".filter(", "size(", " ? ", " && ", " || "],
      ...["!(", ".lowerAscii()", ".upperAscii()", ".trim()", ".replace(", ".substring(", ".split(", ".join("],
      ...[".indexOf(", ".startsWith(", ".endsWith(", ".contains(", ".matches(", ".isSorted()", ".sum()"],
      ...[".min()", ".max()", ".lastIndexOf("],
    ];
    expect(reached.filter((token) => !text.includes(token))).toEqual([]);
  });

  it("make conditions true, false, erring and invalid, each often enough", () => {
    const arb = admissionRequest().chain((r) => matchConditions(r).map((cs) => cs.map((c) => ({ r, c }))));
    const kinds = fc
      .sample(arb, { seed: 8, numRuns: 500 })
      .flat()
      .map(({ r, c }) => conditionKind(r, c.expression ?? ""));
    const share = (k: string) => kinds.filter((x) => x === k).length / kinds.length;
    for (const k of ["true", "false", "error"]) expect(share(k), k).toBeGreaterThan(0.2);
    expect(share("invalid"), "invalid").toBeGreaterThan(0.02);
  });

  it("draw users that authentication could have made", () => {
    const users = fc.sample(userInfo(), { seed: 7, numRuns: 200 });
    const base = fc.sample(admissionRequest(), { seed: 7, numRuns: 1 })[0];
    if (base === undefined) throw new Error("no request drawn");
    const unreal = users
      .flatMap((u) => (u === undefined ? [] : [unrealRequest({ ...base, userInfo: u })]))
      .filter(Boolean);
    expect(unreal).toEqual([]);
  });

  it("put conditions on every policy and webhook of a conditionRate 1 scenario, all inside the model", () => {
    const bare = draws.filter((s) => s.subject.kind !== "MatchResources" && !carriesMatchConditions(s.subject));
    expect(bare).toEqual([]);
    expect(draws.filter((s) => outsideModel(s) !== undefined)).toEqual([]);
  });

  it("reach every outcome through the conditions", () => {
    const outcomes = new Set(
      draws
        .filter((s) => carriesMatchConditions(s.subject))
        .map((s) => decide(s.subject, s.cluster, s.request, s.kubernetesVersion).outcome.outcome),
    );
    expect([...outcomes].sort()).toEqual(["error", "invalid", "match", "noMatch"]);
  });

  it("leave the default draws as they were without the capability or the rate", () => {
    const plain = fc.sample(scenario(), { seed: 14, numRuns: 50 });
    expect(plain.filter((s) => carriesMatchConditions(s.subject) || s.request.userInfo !== undefined)).toEqual([]);
  });
});

/** What the model makes of one condition on the request: true, false, error or invalid. */
function conditionKind(r: AdmissionRequest, expression: string): string {
  const compiled = compileCondition(expression);
  if (compiled.kind === "compileError" || compiled.kind === "notBool") return "invalid";
  if (compiled.kind === "outside") return "outside";
  const attr = toAttributes(r);
  const bindings = {
    object: jsonToCel(attr.object),
    oldObject: jsonToCel(attr.oldObject),
    request: requestValue(attr, attr.kind, attr.user),
    namespaceObject: null,
  };
  const result = evaluateCondition(compiled.parsed, bindings, "1.37");
  return "result" in result ? String(result.result) : "error" in result ? "error" : "outside";
}
