// The contract every generator passes: the same seed gives the same values, values claimed valid
// are accepted by the model's validation (an independent check of the generator's own claims),
// invalid flavours are rejected, and generated scenarios are case files the loader accepts.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Capabilities } from "../oracles/contract/capabilities.ts";
import { features, operations } from "../oracles/contract/features.ts";
import type { Subject } from "../oracles/contract/subject.ts";
import { subjectKinds } from "../oracles/contract/subject.ts";
import { supportedMinors } from "../oracles/contract/versions.ts";
import { defaultSubject } from "../oracles/model/defaulting.ts";
import { labelKeyErrors, labelValueErrors, validateLabelSelector } from "../oracles/model/labelValidation.ts";
import { noTrace } from "../oracles/model/trace.ts";
import { validateSubject } from "../oracles/model/validation.ts";
import { outOfScope } from "../oracles/scope/whyNotSent.ts";
import { incoherence, parseCaseFile } from "../suites/format/loadCaseFile.ts";
import { unrealEquivalents, unrealRequest } from "../suites/format/unrealInput.ts";
import { admissionRequest } from "./admissionRequest.ts";
import { cluster } from "./cluster.ts";
import { invalidLabelSelector } from "./invalidLabelSelector.ts";
import { invalidSubject } from "./invalidSubject.ts";
import { labelKey } from "./labelKey.ts";
import { labelSelector } from "./labelSelector.ts";
import { labels } from "./labels.ts";
import { labelValue } from "./labelValue.ts";
import { matchResources } from "./matchResources.ts";
import { namedRuleWithOperations } from "./namedRuleWithOperations.ts";
import { policyWithBinding } from "./policyWithBinding.ts";
import { ruleWithOperations } from "./ruleWithOperations.ts";
import { scenario } from "./scenario.ts";
import { swarm } from "./swarm.ts";
import { resourceTypes } from "./vocabulary.ts";
import { webhook } from "./webhook.ts";

const errorsOf = (s: Subject, minor = "1.37" as const) => validateSubject(defaultSubject(s, noTrace), minor, noTrace);
const asMatchResources = (mr: Parameters<typeof errorsOf>[0] extends never ? never : object): Subject =>
  ({ kind: "MatchResources", matchResources: mr }) as Subject;

const generators: Record<string, fc.Arbitrary<unknown>> = {
  labelKey: labelKey(),
  labelValue: labelValue(),
  labels: labels(),
  labelSelector: labelSelector(),
  invalidLabelSelector: invalidLabelSelector(),
  ruleWithOperations: ruleWithOperations(),
  namedRuleWithOperations: namedRuleWithOperations(),
  matchResources: matchResources(),
  policyWithBinding: policyWithBinding(),
  webhook: webhook(),
  admissionRequest: admissionRequest(),
  cluster: admissionRequest().chain((r) => cluster(r)),
  swarm: swarm(),
  scenario: scenario(),
  scenarioWithManifestEdges: scenario({ manifestEdges: true }),
  invalidSubject: scenario({ invalidRate: 0 }).chain((s) => invalidSubject(s.subject)),
  invalidSubjectWithManifestEdges: scenario({ invalidRate: 0, manifestEdges: true }).chain((s) =>
    invalidSubject(s.subject, { manifestEdges: true }),
  ),
};

describe.each(Object.entries(generators))("%s", (_, arbitrary) => {
  it("gives the same values for the same seed", () => {
    const a = fc.sample(arbitrary, { seed: 20261201, numRuns: 40 });
    const b = fc.sample(arbitrary, { seed: 20261201, numRuns: 40 });
    expect(b).toEqual(a);
  });
});

const valid = <T>(arb: fc.Arbitrary<T>, errors: (v: T) => readonly unknown[]) =>
  fc.assert(
    fc.property(arb, (v) => {
      expect(errors(v)).toEqual([]);
    }),
    { numRuns: 300 },
  );
const invalid = <T>(arb: fc.Arbitrary<T>, errors: (v: T) => readonly unknown[]) =>
  fc.assert(
    fc.property(arb, (v) => {
      expect(errors(v).length).toBeGreaterThan(0);
    }),
    { numRuns: 300 },
  );

describe("values claimed valid pass API validation", () => {
  it("labelKey", () => valid(labelKey(), (k) => labelKeyErrors(k, "1.37")));
  it("labelValue", () => valid(labelValue(), (v) => labelValueErrors(v, "1.37")));
  it("labels", () => valid(labels(), (l) => validateLabelSelector({ matchLabels: l }, "x", "1.37", noTrace)));
  it("labelSelector", () => valid(labelSelector(), (s) => validateLabelSelector(s, "x", "1.37", noTrace)));
  it("ruleWithOperations", () =>
    valid(ruleWithOperations(), (r) => errorsOf({ kind: "ValidatingWebhook", webhook: { rules: [r] } })));
  it("namedRuleWithOperations", () =>
    valid(namedRuleWithOperations(), (r) => errorsOf(asMatchResources({ resourceRules: [r] }))));
  it("matchResources", () => valid(matchResources(), (mr) => errorsOf(asMatchResources(mr))));
  it("policyWithBinding", () => valid(policyWithBinding(), (s) => errorsOf(s)));
  it("webhook", () => valid(webhook(), (s) => errorsOf(s)));
  it("scenario subjects at their minor", () =>
    valid(scenario({ invalidRate: 0 }), (s) => errorsOf(s.subject, s.kubernetesVersion as "1.37")));
  it("scenario subjects with manifest edges (nulls, policyName) at their minor", () =>
    valid(scenario({ invalidRate: 0, manifestEdges: true }), (s) =>
      errorsOf(s.subject, s.kubernetesVersion as "1.37"),
    ));
});

describe("invalid flavours fail API validation", () => {
  it("invalidLabelSelector", () =>
    invalid(invalidLabelSelector(), (s) => validateLabelSelector(s, "x", "1.37", noTrace)));
  it("invalidSubject", () =>
    invalid(
      scenario({ invalidRate: 0 }).chain((s) => invalidSubject(s.subject).map((sub) => ({ ...s, subject: sub }))),
      (s) => errorsOf(s.subject, s.kubernetesVersion as "1.37"),
    ));
  it("invalidSubject with manifest edges", () =>
    invalid(
      scenario({ invalidRate: 0, manifestEdges: true }).chain((s) =>
        invalidSubject(s.subject, { manifestEdges: true }).map((sub) => ({ ...s, subject: sub })),
      ),
      (s) => errorsOf(s.subject, s.kubernetesVersion as "1.37"),
    ));
});

describe("generated requests and scenarios", () => {
  it("requests are coherent as the loader defines it", () =>
    fc.assert(
      fc.property(admissionRequest(), (r) => {
        expect(incoherence(r)).toBeUndefined();
      }),
      { numRuns: 500 },
    ));

  it("scenarios are inputs a real request can be (no unreal label, name or registry)", () =>
    fc.assert(
      fc.property(scenario({ manifestEdges: true }), (s) => {
        expect(unrealRequest(s.request)).toBeUndefined();
        expect(unrealEquivalents(s.cluster, s.request)).toBeUndefined();
      }),
      { numRuns: 300 },
    ));

  it("scenarios are case files the loader accepts", () => {
    const samples = fc.sample(scenario({ manifestEdges: true }), { seed: 7, numRuns: 200 });
    const file = samples.map((s, i) => ({
      description: `scenario ${i}`,
      kubernetesVersions: s.kubernetesVersion,
      subject: s.subject,
      cluster: s.cluster,
      tests: [{ description: "the request", request: s.request, expected: "match" }],
    }));
    expect(parseCaseFile("generated.json", JSON.stringify(file))).toHaveLength(200);
  });

  it("shrinks a failing scenario to a small one", () => {
    const details = fc.check(
      fc.property(scenario(), (s) => (s.request.subResource ?? "") === ""),
      { seed: 11, numRuns: 500 },
    );
    expect(details.failed).toBe(true);
    const [shrunk] = details.counterexample ?? [];
    expect(JSON.stringify(shrunk).length).toBeLessThan(900);
  });
});

/** A random reduced profile, as a third-party matcher declares one in `ready.capabilities`. */
const subresourceNames = [...new Set(resourceTypes.flatMap((t) => t.subresources.map((s) => s.name)))];
const reducedCapabilities: fc.Arbitrary<Capabilities> = fc.record({
  operations: fc.subarray([...operations], { minLength: 1 }),
  subresources: fc.oneof(fc.constant("all" as const), fc.subarray(subresourceNames)),
  features: fc.record(
    Object.fromEntries(features.map((f) => [f, fc.boolean()])) as Record<
      (typeof features)[number],
      fc.Arbitrary<boolean>
    >,
  ),
  subjectVersions: fc.dictionary(
    fc.constantFrom(...subjectKinds),
    fc.subarray([...supportedMinors], { minLength: 1 }),
    { maxKeys: 2 },
  ),
});

describe("scenarios under declared capabilities", () => {
  it("every scenario lies inside a random reduced profile", () =>
    fc.assert(
      fc.property(reducedCapabilities, fc.integer(), (capabilities, seed) => {
        let arbitrary: fc.Arbitrary<unknown>;
        try {
          arbitrary = scenario({ capabilities });
        } catch {
          return; // a profile that admits no request at all (CONNECT alone, no subresource)
        }
        for (const s of fc.sample(arbitrary, { seed, numRuns: 25 }) as Parameters<typeof outOfScope>[0][])
          expect(outOfScope(s, capabilities)).toBeUndefined();
      }),
      { numRuns: 60 },
    ));
});
