import { describe, expect, it } from "vitest";
import { CaseFileError } from "./caseFileError.ts";
import { parseCaseFile } from "./loadCaseFile.ts";

const goodCase = `
- description: a pod rule matches a pod
  subject:
    kind: MatchResources
    matchResources:
      resourceRules: [{operations: ["*"], apiGroups: [""], apiVersions: ["v1"], resources: ["pods"]}]
  cluster:
    namespaces: {prod: {env: prod}}
  tests:
    - description: create a pod
      request:
        operation: CREATE
        resource: {group: "", version: v1, resource: pods}
        kind: {group: "", version: v1, kind: Pod}
        namespace: prod
        name: web
        object: {apiVersion: v1, kind: Pod, metadata: {name: web}}
      expected: match
`;

function loadError(text: string): CaseFileError {
  try {
    parseCaseFile("cases.yaml", text);
  } catch (e) {
    if (e instanceof CaseFileError) return e;
    throw e;
  }
  throw new Error("the file loaded");
}

describe("loading case files", () => {
  it("loads a policy with matchConditions and a request with userInfo", () => {
    const policy = goodCase
      .replace(
        "kind: MatchResources\n    matchResources:\n",
        "kind: ValidatingAdmissionPolicy\n    binding: {}\n    policy:\n      matchConditions: [{name: a, expression: 'true'}]\n      matchConstraints:\n  ",
      )
      .replace(
        "        name: web\n",
        "        name: web\n        userInfo: {username: alice, groups: [system:authenticated]}\n",
      );
    const [c] = parseCaseFile("cases.yaml", policy);
    expect(c?.subject).toMatchObject({ policy: { matchConditions: [{ name: "a", expression: "true" }] } });
    expect(c?.tests[0]?.request.userInfo?.username).toBe("alice");
  });

  it("loads a good case, normalises expected and adds the name label", () => {
    const [c] = parseCaseFile("cases.yaml", goodCase);
    expect(c?.tests[0]?.expected).toEqual({ outcome: "match" });
    expect(c?.cluster?.namespaces?.prod).toEqual({ env: "prod", "kubernetes.io/metadata.name": "prod" });
    expect(c?.minors).toEqual(["1.30", "1.31", "1.32", "1.33", "1.34", "1.35", "1.36", "1.37"]);
  });

  it.each([
    ["broken YAML", "- description: [unclosed\n", /cases\.yaml: is not valid YAML at line \d+, column \d+/],
    [
      "a wrong type",
      goodCase.replace('resources: ["pods"]', "resources: pods"),
      /cases\.yaml: case "a pod rule matches a pod": subject\.matchResources\.resourceRules\[0\]\.resources: must be array/,
    ],
    [
      "an unknown subject kind",
      goodCase.replace("kind: MatchResources", "kind: ClusterPolicy"),
      /case "a pod rule matches a pod": subject\.kind: "ClusterPolicy" is not one of "MatchResources"/,
    ],
    [
      "a CREATE with an oldObject",
      goodCase.replace("      expected: match", "        oldObject: {kind: Pod}\n      expected: match"),
      /case "a pod rule matches a pod": tests\[0\]\.request\.oldObject: a CREATE request has no oldObject/,
    ],
    [
      "a subject with matchConditions",
      goodCase.replace("      resourceRules:", "      matchConditions: []\n      resourceRules:"),
      /subject\.matchResources: matchConditions belong to a policy or webhook; a bare MatchResources subject has none/,
    ],
    [
      "a misspelt field",
      goodCase.replace("resourceRules:", "resourceRule:"),
      /subject\.matchResources: unknown field "resourceRule"/,
    ],
    [
      "a DELETE with an object",
      goodCase.replace("operation: CREATE", "operation: DELETE"),
      /tests\[0\]\.request\.object: a DELETE request has no object/,
    ],
    [
      "a bad version range",
      goodCase.replace("  subject:", '  kubernetesVersions: "~1.3"\n  subject:'),
      /kubernetesVersions: /,
    ],
    [
      "a name label that is not the name",
      goodCase.replace("{prod: {env: prod}}", '{prod: {"kubernetes.io/metadata.name": dev}}'),
      /cluster\.namespaces\.prod: the kubernetes\.io\/metadata\.name label/,
    ],
    ["an unknown expected outcome", goodCase.replace("expected: match", "expected: matches"), /tests\[0\]\.expected: /],
    [
      "a number as a label value",
      goodCase.replace("metadata: {name: web}", "metadata: {name: web, labels: {tier: 3}}"),
      /tests\[0\]\.request\.object\.metadata\.labels\.tier: a label value is a string; the API server rejects 3 with 400/,
    ],
    [
      "null as a label value",
      goodCase.replace("metadata: {name: web}", "metadata: {name: web, labels: {tier: null}}"),
      /tests\[0\]\.request\.object\.metadata\.labels\.tier: a label value is a string; the API server decodes null as "".*write ""/,
    ],
    [
      "a CREATE named otherwise than its object",
      goodCase.replace("name: web\n", 'name: ""\n'),
      /tests\[0\]\.request\.name: a CREATE is named as its object is .*the name is "" and the object names itself "web"/,
    ],
    [
      "a CREATE whose object has no metadata",
      goodCase.replace("metadata: {name: web}", "spec: {}"),
      /tests\[0\]\.request\.name: .*the name is "web" and the object has no metadata/,
    ],
    [
      "equivalents without the request's own resource",
      goodCase.replace(
        "namespaces: {prod: {env: prod}}",
        `namespaces: {prod: {env: prod}}
    equivalentResources: [{resource: {group: x.io, version: v1, resource: pods}, kind: {group: x.io, version: v1, kind: Pod}}]`,
      ),
      /case "a pod rule matches a pod": cluster\.equivalentResources: leaves out the request's own resource v1 pods/,
    ],
    [
      "an equivalent listed twice",
      goodCase.replace(
        "namespaces: {prod: {env: prod}}",
        `namespaces: {prod: {env: prod}}
    equivalentResources:
      - {resource: {group: "", version: v1, resource: pods}, kind: {group: "", version: v1, kind: Pod}}
      - {resource: {group: "", version: v1, resource: pods}, kind: {group: x.io, version: v1, kind: Other}}`,
      ),
      /cluster\.equivalentResources\[1\]: lists v1 pods a second time \(first at \[0\]\)/,
    ],
    [
      "a user without system:authenticated",
      goodCase.replace(
        "        name: web\n",
        "        name: web\n        userInfo: {username: alice, groups: [dev]}\n",
      ),
      /tests\[0\]\.request\.userInfo\.groups: a request's user carries system:authenticated/,
    ],
    [
      "an anonymous user without system:unauthenticated",
      goodCase.replace(
        "        name: web\n",
        "        name: web\n        userInfo: {username: system:anonymous, groups: [system:authenticated]}\n",
      ),
      /tests\[0\]\.request\.userInfo\.groups: a request's user carries system:unauthenticated/,
    ],
    [
      "a user without a name",
      goodCase.replace(
        "        name: web\n",
        "        name: web\n        userInfo: {groups: [system:authenticated]}\n",
      ),
      /tests\[0\]\.request\.userInfo\.username: every authenticated or anonymous user has a name/,
    ],
    [
      "a misspelt userInfo field",
      goodCase.replace("        name: web\n", "        name: web\n        userInfo: {user: alice}\n"),
      /tests\[0\]\.request\.userInfo: unknown field "user"/,
    ],
    [
      "a param of a kind the cluster does not serve",
      goodCase.replace(
        "namespaces: {prod: {env: prod}}",
        "namespaces: {prod: {env: prod}}\n    params: [{apiVersion: example.com/v1, kind: Limits, metadata: {name: a, namespace: prod}}]",
      ),
      /cluster\.params\[0\]: example\.com\/v1 Limits is not served/,
    ],
    [
      "a namespaced param in a namespace that does not exist",
      goodCase.replace(
        "namespaces: {prod: {env: prod}}",
        "namespaces: {prod: {env: prod}}\n    params: [{apiVersion: v1, kind: ConfigMap, metadata: {name: a, namespace: gone}}]",
      ),
      /cluster\.params\[0\]\.metadata\.namespace: ConfigMap is namespaced/,
    ],
    [
      "a custom kind in a built-in group",
      goodCase.replace(
        "namespaces: {prod: {env: prod}}",
        "namespaces: {prod: {env: prod}}\n    customKinds: [{apiVersion: apps/v1, kind: Limits, scope: Namespaced}]",
      ),
      /cluster\.customKinds\[0\]: apps is a built-in group/,
    ],
    [
      "a param named twice",
      goodCase.replace(
        "namespaces: {prod: {env: prod}}",
        "namespaces: {prod: {env: prod}}\n    params: [{apiVersion: v1, kind: ConfigMap, metadata: {name: a, namespace: prod}}, {apiVersion: v1, kind: ConfigMap, metadata: {name: a, namespace: prod}}]",
      ),
      /cluster\.params\[1\]: ConfigMap a is listed twice/,
    ],
    [
      "a ConfigMap with fields outside data",
      goodCase.replace(
        "namespaces: {prod: {env: prod}}",
        "namespaces: {prod: {env: prod}}\n    params: [{apiVersion: v1, kind: ConfigMap, metadata: {name: a, namespace: prod}, spec: {}}]",
      ),
      /cluster\.params\[0\]\.spec: a ConfigMap param holds its values in data/,
    ],
    ["a duplicate case description", goodCase + goodCase.slice(1), /the description is used twice in the file/],
  ])("rejects %s with the file, case and field", (_, text, message) => {
    expect(loadError(text).message).toMatch(message);
  });
});
