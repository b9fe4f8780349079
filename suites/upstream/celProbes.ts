// The hand-written CEL probes (celProbes.txt) as queries: each expression as the one condition of
// a validating webhook and of a validating policy, for a pod's CREATE (by a service account) and
// DELETE (object null), at one minor. Queries the model leaves outside are dropped.
import { readFileSync } from "node:fs";
import type { AdmissionRequest } from "../../oracles/contract/kube.ts";
import type { Query } from "../../oracles/contract/query.ts";
import type { Subject } from "../../oracles/contract/subject.ts";
import type { Minor } from "../../oracles/contract/versions.ts";
import { outsideModel } from "../../oracles/model/outsideModel.ts";

export const celProbes: readonly string[] = readFileSync(new URL("celProbes.txt", import.meta.url), "utf8")
  .split("\n")
  .map((l) => l.trim())
  .filter((l) => l !== "" && !l.startsWith("#"));

const object = {
  apiVersion: "v1",
  kind: "Pod",
  metadata: { name: "web-1", namespace: "prod", labels: { app: "web", tier: "front" }, annotations: { note: "😀b" } },
  spec: {
    replicas: 3,
    ratio: 1.5,
    containers: [
      { name: "a", image: "nginx:1.2" },
      { name: "b", image: "busybox" },
    ],
    tags: ["x", "y", "z"],
    nums: [3, 1, 2],
    flag: true,
    empty: [],
    nothing: null,
  },
};
const create: AdmissionRequest = {
  operation: "CREATE",
  resource: { group: "", version: "v1", resource: "pods" },
  kind: { group: "", version: "v1", kind: "Pod" },
  namespace: "prod",
  name: "web-1",
  object,
  userInfo: {
    username: "system:serviceaccount:prod:builder",
    uid: "uid-1",
    groups: ["system:serviceaccounts", "system:authenticated"],
    extra: { scopes: ["ci"] },
  },
};
const remove: AdmissionRequest = { ...create, operation: "DELETE", object: null, oldObject: object };
const { userInfo: _, ...removeByDefaultUser } = remove;
const rule = { operations: ["*"], apiGroups: [""], apiVersions: ["v1"], resources: ["pods"] };

function subjects(expression: string): Subject[] {
  const matchConditions = [{ name: "probe", expression }];
  return [
    { kind: "ValidatingWebhook", webhook: { rules: [rule], matchConditions } },
    {
      kind: "ValidatingAdmissionPolicy",
      policy: { matchConstraints: { resourceRules: [rule] }, matchConditions },
      binding: {},
    },
  ] as Subject[];
}

export function celProbeQueries(minor: Minor): Query[] {
  return celProbes
    .flatMap((e) => subjects(e))
    .flatMap((subject) =>
      [create, removeByDefaultUser].map((request) => ({
        kubernetesVersion: minor,
        subject,
        cluster: { namespaces: { prod: {} } },
        request,
      })),
    )
    .filter((q) => outsideModel(q) === undefined);
}
