import { describe, expect, it } from "vitest";
import type { Cluster } from "../contract/cluster.ts";
import type { ParamKind, ParamRef } from "../contract/kube.ts";
import type { Subject } from "../contract/subject.ts";
import { outsideModel } from "./outsideModel.ts";
import { collectParams, paramKindNotFound, paramScope } from "./params.ts";
import { request } from "./testHelpers.ts";
import { noTrace } from "./trace.ts";

const limits: ParamKind = { apiVersion: "example.com/v1", kind: "Limits" };
const cluster: Cluster = {
  namespaces: { prod: {}, dev: {} },
  customKinds: [{ apiVersion: "example.com/v1", kind: "Limits", scope: "Namespaced" }],
  params: [
    { apiVersion: "example.com/v1", kind: "Limits", metadata: { name: "a", namespace: "prod", labels: { t: "x" } } },
    { apiVersion: "example.com/v1", kind: "Limits", metadata: { name: "b", namespace: "prod" } },
    { apiVersion: "example.com/v1", kind: "Limits", metadata: { name: "a", namespace: "dev" } },
  ],
};
const names = (ref: ParamRef | undefined, namespace = "prod", kind: ParamKind | undefined = limits) => {
  const c = collectParams(kind, kind && paramScope(kind, cluster), ref, namespace, cluster, noTrace);
  return c.ok ? c.params.map((p) => (p === null ? null : `${p.metadata.namespace}/${p.metadata.name}`)) : c.message;
};

describe("CollectParams", () => {
  it.each<[string, ParamRef | undefined, string, unknown]>([
    ["by name in the request's namespace", { name: "a", parameterNotFoundAction: "Deny" }, "prod", ["prod/a"]],
    [
      "by name in the paramRef's namespace",
      { name: "a", namespace: "dev", parameterNotFoundAction: "Deny" },
      "prod",
      ["dev/a"],
    ],
    ["by selector", { selector: { matchLabels: { t: "x" } }, parameterNotFoundAction: "Allow" }, "prod", ["prod/a"]],
    [
      "an empty selector lists the namespace",
      { selector: {}, parameterNotFoundAction: "Allow" },
      "prod",
      ["prod/a", "prod/b"],
    ],
    ["none found under Allow", { name: "zzz", parameterNotFoundAction: "Allow" }, "prod", []],
    [
      "none found under Deny",
      { name: "zzz", parameterNotFoundAction: "Deny" },
      "prod",
      "no params found for policy binding with `Deny` parameterNotFoundAction",
    ],
    [
      "a namespaced kind on a cluster-scoped request",
      { name: "a", parameterNotFoundAction: "Allow" },
      "",
      "cannot use namespaced paramRef in policy binding that matches cluster-scoped resources",
    ],
    ["no paramRef: once, without a param", undefined, "prod", [null]],
  ])("%s", (_, ref, namespace, expected) => {
    expect(names(ref, namespace)).toEqual(expected);
  });

  it("ignores the paramRef of a policy without paramKind", () => {
    const ref = { name: "zzz", parameterNotFoundAction: "Deny" };
    expect(collectParams(undefined, undefined, ref, "prod", cluster, noTrace)).toEqual({ ok: true, params: [null] });
  });

  it("names an unserved kind as upstream prints a GroupVersionKind", () => {
    expect(paramScope({ apiVersion: "example.com/v1", kind: "Nope" }, cluster)).toBeUndefined();
    expect(paramKindNotFound({ apiVersion: "v1", kind: "Nope" })).toBe(
      "failed to find resource referenced by paramKind: '/v1, Kind=Nope'",
    );
  });
});

const policy = (paramKind: ParamKind, expression?: string): Subject => ({
  kind: "ValidatingAdmissionPolicy",
  policy: {
    paramKind,
    matchConstraints: {
      resourceRules: [{ operations: ["*"], apiGroups: ["*"], apiVersions: ["*"], resources: ["*"] }],
    },
    ...(expression !== undefined && { matchConditions: [{ name: "c", expression }] }),
  },
  binding: {},
});
const outside = (s: Subject) => outsideModel({ kubernetesVersion: "1.37", subject: s, cluster, request: request() });

describe("params outside the model", () => {
  it.each<[string, Subject, string | undefined]>([
    ["a built-in kind the model knows", policy({ apiVersion: "v1", kind: "ConfigMap" }), undefined],
    [
      "a built-in kind it does not",
      policy({ apiVersion: "apps/v1", kind: "Deployment" }),
      "paramKind apps/v1 Deployment: a built-in kind the model does not know",
    ],
    ["an invalid paramKind is left to validation", policy({ apiVersion: "a/b/c", kind: "X" }), undefined],
    ["a stated field", policy(limits, "params.spec.max > 1 && params.metadata.labels['t'] == 'x'"), undefined],
    ["params compared with null", policy(limits, "params != null"), undefined],
    ["has of the metadata", policy(limits, "has(params.metadata)"), undefined],
    [
      "server-set metadata",
      policy(limits, "params.metadata.uid != ''"),
      'matchCondition "c": it reads params.metadata.uid, which the server sets',
    ],
    [
      "the whole metadata",
      policy(limits, "size(params.metadata) > 2"),
      'matchCondition "c": it reads the param\'s whole metadata',
    ],
    [
      "the whole param",
      policy(limits, "size(params) > 2"),
      'matchCondition "c": it reads the whole param, which the server completes',
    ],
  ])("%s", (_, subject, expected) => {
    expect(outside(subject)).toBe(expected);
  });
});
