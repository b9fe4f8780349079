// A fixed query set asked at another minor: another minor's recording, each test expecting what
// the model decides at the minor asked, what the minor does not serve or the model does not decide
// left out and counted.
import { describe, expect, it } from "vitest";
import { loadAll } from "../format/loadAll.ts";
import { parseCaseFile } from "../format/loadCaseFile.ts";
import { queriesAt } from "./fixedQueries.ts";
import { replayWithModel } from "./replayCases.ts";

const recorded = (file: string) => loadAll([`suites/recorded/v1.37.2/${file}`]);

describe("queriesAt", () => {
  it("asks a recording's queries at the minor given, each expecting the model's decision there", () => {
    // Webhooks stop seeing token reviews at 1.37: 1.37.2 recorded noMatch, the model says match at 1.34.
    const cases = recorded("ValidatingWebhook/tokenreviews.authentication.k8s.io.yaml");
    expect(cases.some((c) => c.tests.some((t) => t.expected.outcome === "match"))).toBe(false);
    const q = queriesAt(cases, "1.34");
    expect([q.notServed, q.outsideModel]).toEqual([0, 0]);
    expect(q.cases.map((c) => c.description)).toEqual(cases.map((c) => c.description));
    expect(new Set(q.cases.flatMap((c) => c.minors))).toEqual(new Set(["1.34"]));
    expect(q.cases.some((c) => c.tests.some((t) => t.expected.outcome === "match"))).toBe(true);
    expect(replayWithModel(q.cases).filter((r) => r.result !== "passed")).toEqual([]);
  });

  it("leaves out the subject kinds the minor does not serve", () => {
    const cases = recorded("MutatingAdmissionPolicy/configmaps.yaml");
    expect(cases.length).toBeGreaterThan(0);
    expect(queriesAt(cases, "1.31")).toEqual({ cases: [], notServed: cases.length, outsideModel: 0 });
    expect(queriesAt(cases, "1.32").cases).toHaveLength(cases.length);
  });

  it("leaves out the tests the model does not decide, for nothing says what to expect", () => {
    const [c] = parseCaseFile(
      "outside.yaml",
      `- description: a condition the model does not evaluate
  source: a test
  subject:
    kind: ValidatingWebhook
    webhook:
      matchConditions: [{ name: ip, expression: "isIP('1.2.3.4')" }]
      rules: [{ operations: [CREATE], apiGroups: [""], apiVersions: [v1], resources: [configmaps] }]
  cluster: { namespaces: { a: { kubernetes.io/metadata.name: a } } }
  tests:
    - description: outside
      request: &r
        operation: CREATE
        resource: { group: "", version: v1, resource: configmaps }
        kind: { group: "", version: v1, kind: ConfigMap }
        namespace: a
        name: c
        object: { apiVersion: v1, kind: ConfigMap, metadata: { name: c, namespace: a } }
      expected: match
`,
    );
    if (c === undefined) throw new Error("no case");
    const q = queriesAt([c], "1.34");
    expect(q).toEqual({ cases: [], notServed: 0, outsideModel: 1 });
  });
});
