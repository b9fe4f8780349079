import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fullCapabilities } from "../oracles/contract/capabilities.ts";
import { carriesParams } from "../oracles/contract/features.ts";
import { decide } from "../oracles/model/decide.ts";
import { outsideModel } from "../oracles/model/outsideModel.ts";
import { parseCaseFile } from "../suites/format/loadCaseFile.ts";
import { scenario } from "./scenario.ts";

const withParams = scenario({
  paramRate: 1,
  capabilities: fullCapabilities,
  subjectKinds: ["ValidatingAdmissionPolicy", "MutatingAdmissionPolicy"],
});
const draws = fc.sample(withParams, { seed: 24, numRuns: 1500 });
const outcomes = draws.map((s) => decide(s.subject, s.cluster, s.request, s.kubernetesVersion).outcome);

describe("params draws", () => {
  it("draw the same values from the same seed", () => {
    expect(fc.sample(withParams, { seed: 3, numRuns: 20 })).toEqual(fc.sample(withParams, { seed: 3, numRuns: 20 }));
  });

  it("put a paramKind on every policy of a paramRate 1 scenario, all inside the model", () => {
    expect(draws.filter((s) => !carriesParams(s))).toEqual([]);
    expect(draws.filter((s) => outsideModel(s) !== undefined)).toEqual([]);
  });

  it("are case files the loader accepts (kinds served, namespaces that exist)", () => {
    const file = draws.map((s, i) => ({
      description: `scenario ${i}`,
      kubernetesVersions: s.kubernetesVersion,
      subject: s.subject,
      cluster: s.cluster,
      tests: [{ description: "the request", request: s.request, expected: "match" }],
    }));
    expect(parseCaseFile("generated.json", JSON.stringify(file))).toHaveLength(draws.length);
  });

  it("reach runs with several params, none found under Allow and Deny, and unserved kinds", () => {
    const messages = outcomes.flatMap((o) => (o.outcome === "error" ? [o.message] : []));
    expect(outcomes.some((o) => o.outcome === "match" && (o.params?.length ?? 0) > 1)).toBe(true);
    expect(messages.some((m) => m.includes("no params found for policy binding"))).toBe(true);
    expect(messages.some((m) => m.includes("failed to find resource referenced by paramKind"))).toBe(true);
    expect(outcomes.some((o) => o.outcome === "noMatch")).toBe(true);
  });

  it("leave the default draws as they were without the capability or the rate", () => {
    const plain = fc.sample(scenario(), { seed: 14, numRuns: 50 });
    const unclaimed = fc.sample(
      scenario({
        paramRate: 1,
        capabilities: { ...fullCapabilities, features: { ...fullCapabilities.features, params: false } },
      }),
      { seed: 14, numRuns: 50 },
    );
    expect([...plain, ...unclaimed].filter((s) => carriesParams(s))).toEqual([]);
  });
});
