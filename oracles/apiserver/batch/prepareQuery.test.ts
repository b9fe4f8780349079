// bodyOf: the Namespace body keeps the name label where the server would keep it; prepare: which
// conditions read what the server sees otherwise.
import { describe, expect, it } from "vitest";
import type { AdmissionRequest } from "../../contract/kube.ts";
import type { Query } from "../../contract/query.ts";
import { bodyOf } from "../request/body.ts";
import { realisable } from "../request/resources.ts";
import { matchEverything } from "../testQueries.ts";
import { prepare } from "./prepareQuery.ts";

const namespaceCreate = (name: string, metadata: Record<string, unknown>): AdmissionRequest => ({
  operation: "CREATE",
  resource: { group: "", version: "v1", resource: "namespaces" },
  kind: { group: "", version: "v1", kind: "Namespace" },
  namespace: name,
  name,
  object: { apiVersion: "v1", kind: "Namespace", metadata },
});

describe("bodyOf a Namespace", () => {
  it.each([
    // SetDefaults_Namespace sets the label to the name whenever there is a name: sending it is useless.
    ["named: the server sets the name label itself", "db", { name: "db" }, { env: "a" }],
    // Without a name there is nothing to default it to: mutating admission sees the label as sent.
    [
      "generateName: the label is kept as the case gives it",
      "",
      { generateName: "gen-" },
      { env: "a", "kubernetes.io/metadata.name": "db" },
    ],
  ])("%s", (_, name, meta, labels) => {
    const req = namespaceCreate(name, { ...meta, labels: { env: "a", "kubernetes.io/metadata.name": "db" } });
    const real = realisable(req);
    if (!real.ok) throw new Error(real.why);
    expect((bodyOf(req, req.object, real.r).metadata as { labels: unknown }).labels).toEqual(labels);
  });
});

describe("prepare: what of a query's conditions the server sees otherwise", () => {
  // matchEverything's ConfigMap create, labelled app: a, under a webhook with one condition.
  const q = (expression: string, userInfo?: AdmissionRequest["userInfo"]): Query => ({
    ...matchEverything,
    subject: { kind: "ValidatingWebhook", webhook: { rules: [], matchConditions: [{ name: "c", expression }] } },
    request: {
      ...matchEverything.request,
      object: {
        ...matchEverything.request.object,
        metadata: { name: "cm", namespace: "bystand", labels: { app: "a" } },
      },
      ...(userInfo && { userInfo }),
    },
  });
  const names = { runId: "r", batch: "1", id: "1" };
  const prepared = (x: Query) => prepare(x, names, "1.37", ["ValidatingWebhook"]);

  it.each([
    "object.metadata.labels['app'] == 'a'",
    "request.userInfo.username == 'matchconform'",
    "'system:authenticated' in request.userInfo.groups",
    "request.operation == 'CREATE'",
    // A renamed namespace is there exactly when the case's is.
    "has(request.namespace)",
  ])("sends %s", (expression) => {
    expect(prepared(q(expression)).state).toBe("probe");
  });

  it.each([
    ["request.namespace == 'bystand'", /reads request\.namespace.*renamed/],
    ["request.dryRun", /reads request\.dryRun/],
    ["has(request.namespace) && request.namespace == 'bystand'", /reads request\.namespace.*renamed/],
    ["has(object.metadata.uid)", /metadata\.uid/],
    ["has(request.userInfo.extra)", /probe's own extra key/],
  ])("skips %s", (expression, why) => {
    const w = prepared(q(expression));
    expect(w.state).toBe("invalid?");
    expect(w.answer.answer === "skipped" && w.answer.message).toMatch(why);
  });

  it("skips a condition on the groups the server would add to", () => {
    const w = prepared(q("request.userInfo.groups.size() == 1", { username: "alice", groups: ["dev"] }));
    expect(w.answer.answer === "skipped" && w.answer.message).toMatch(/groups .*system:authenticated/);
  });

  describe("of the param objects", () => {
    const withParams = (expression: string): Query => ({
      ...matchEverything,
      subject: {
        kind: "ValidatingAdmissionPolicy",
        policy: {
          paramKind: { apiVersion: "example.com/v1", kind: "Limits" },
          matchConstraints: {},
          matchConditions: [{ name: "c", expression }],
        },
        binding: { paramRef: { name: "gold", namespace: "bystand", parameterNotFoundAction: "Deny" } },
      },
      cluster: {
        ...matchEverything.cluster,
        customKinds: [{ apiVersion: "example.com/v1", kind: "Limits", scope: "Namespaced" }],
        params: [{ apiVersion: "example.com/v1", kind: "Limits", metadata: { name: "gold", namespace: "bystand" } }],
      },
    });
    const policyPrepared = (x: Query) => prepare(x, names, "1.37", ["ValidatingAdmissionPolicy"]);

    it.each(["params.metadata.name == 'gold'", "has(params.metadata.namespace)", "has(params.apiVersion)"])(
      "sends %s",
      (expression) => {
        expect(policyPrepared(withParams(expression)).state).toBe("probe");
      },
    );

    it("sends a read of params by a policy whose binding has no paramRef: params is null on both", () => {
      const q = withParams("params == null");
      const subject = q.subject.kind === "ValidatingAdmissionPolicy" ? { ...q.subject, binding: {} } : q.subject;
      expect(policyPrepared({ ...q, subject }).state).toBe("probe");
      expect(policyPrepared(q).state).toBe("invalid?");
    });

    it.each([
      ["params.metadata.namespace == 'bystand'", /reads params\.metadata\.namespace.*renamed for the query/],
      ["params.apiVersion == 'example.com/v1'", /reads params\.apiVersion.*CRD group/],
      ["has(params.metadata.uid)", /reads params\.metadata\.uid.*server sets/],
    ])("skips %s", (expression, why) => {
      const w = policyPrepared(withParams(expression));
      expect(w.state).toBe("invalid?");
      expect(w.answer.answer === "skipped" && w.answer.message).toMatch(why);
    });
  });
});
