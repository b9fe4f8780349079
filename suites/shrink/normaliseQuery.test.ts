import { test } from "@fast-check/vitest";
import { expect } from "vitest";
import type { Scenario } from "../../generators/scenario.ts";
import { scenario } from "../../generators/scenario.ts";
import { matchEverything } from "../../oracles/apiserver/testQueries.ts";
import type { Query } from "../../oracles/contract/query.ts";
import { decide } from "../../oracles/model/decide.ts";
import { toCaseFile } from "../../reports/caseFile.ts";
import { parseCaseFile } from "../format/loadCaseFile.ts";
import { unrealParams } from "../format/unrealParams.ts";
import { fastCheckParameters } from "../properties/fastCheckParameters.ts";
import { normaliseQuery } from "./normaliseQuery.ts";

const model = (q: Query) => decide(q.subject, q.cluster, q.request, q.kubernetesVersion).outcome;

// A predicate that keeps every move reduces as far as the moves go: whatever it keeps on the way,
// the loader must accept (a CREATE that loses its name but not its object's, a registry that loses
// the request's own resource, are inputs no API server sends and the loader rejects).
// Manifests with nulls, valid and invalid (a null rule, a null selector), often: every move must
// read them (a move that could not crashed a whole run before its report was written).
test.prop([scenario({ manifestEdges: true, nullRate: 0.6, invalidRate: 0.5 })], fastCheckParameters<[Scenario]>(120))(
  "every query the reducer keeps is one the loader accepts",
  async (q) => {
    const kept: Query[] = [];
    const { query } = await normaliseQuery(
      q,
      (c) => {
        kept.push(c);
        return true;
      },
      { maxCalls: 400 },
    );
    for (const c of [...kept, query]) {
      const file = toCaseFile([{ description: "reduced", source: "test", query: c, outcome: model(c) }]);
      expect(() => parseCaseFile("reduced.yaml", file)).not.toThrow();
    }
  },
  120_000,
);

// Found with Kyverno's offline evaluator: a reduction dropped metadata.namespace from a param of a
// namespaced kind, leaving a minimal case no cluster can hold (and that no longer shows which
// namespace's param the implementation took). The reducer asks only what the loader accepts.
test("the reducer never keeps a param that a real cluster cannot hold", async () => {
  const q: Query = {
    ...matchEverything,
    subject: {
      kind: "ValidatingAdmissionPolicy",
      policy: {
        paramKind: { apiVersion: "example.com/v1", kind: "ParamsConfig" },
        matchConstraints: {
          resourceRules: [{ operations: ["CREATE"], apiGroups: [""], apiVersions: ["v1"], resources: ["configmaps"] }],
        },
      },
      binding: { paramRef: { name: "limits", parameterNotFoundAction: "Deny" } },
    },
    cluster: {
      namespaces: { default: {}, bystand: {} },
      customKinds: [{ apiVersion: "example.com/v1", kind: "ParamsConfig", scope: "Namespaced" }],
      params: ["default", "bystand"].map((namespace) => ({
        apiVersion: "example.com/v1",
        kind: "ParamsConfig",
        metadata: { name: "limits", namespace },
      })),
    },
  };
  const kept: Query[] = [];
  await normaliseQuery(
    q,
    (c) => {
      kept.push(c);
      return true;
    },
    { maxCalls: 400 },
  );
  expect(kept.length).toBeGreaterThan(0);
  for (const c of kept) expect(unrealParams(c.cluster)).toBeUndefined();
});
