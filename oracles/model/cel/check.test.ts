import { describe, expect, it } from "vitest";
import { compileCondition } from "../matchConditions.ts";

describe("compiling a condition as upstream's environment would", () => {
  it.each([
    ["request.namespace == 'prod'"],
    ["has(object.metadata.labels) && 'app' in object.metadata.labels"],
    ["request.userInfo.groups.exists(g, g.startsWith('system:'))"],
    ["!('system:nodes' in request.userInfo.groups)"],
    ["namespaceObject.metadata.labels['team'] == 'a'"],
    ["object.spec.replicas + 1 > 3"],
    ["request.name.lowerAscii().matches('^web-[0-9]+$')"],
    ["request.dryRun"],
    ["request.userInfo.groups.isSorted() && [1, 2].sum() == 3"],
    ["namespaceObject == null"],
    ["namespaceObject.status.phase == 'Active'"],
    ["request.userInfo != null"],
    ["size(request.userInfo.groups) > 1 || request.userInfo.extra['scopes'].all(s, s != 'admin')"],
  ])("compiles %s", (expression) => {
    expect(compileCondition(expression).kind).toBe("ok");
  });

  it.each([
    ["params.enabled == true", "compilation failed: ERROR: undeclared reference to 'params'"],
    ["request.uid == ''", "compilation failed: ERROR: undefined field 'uid'"],
    ["request.userInfo.name == 'a'", "compilation failed: ERROR: undefined field 'name'"],
    ["object.x in [1, 2,", "compilation failed: ERROR: <input>:1:"],
    ["1 == 'a'", "found no matching overload for '_==_' applied to '(int, string)'"],
    ["request.name == null", "found no matching overload for '_==_' applied to '(string, null)'"],
  ])("rejects %s", (expression, detail) => {
    const compiled = compileCondition(expression);
    expect(compiled).toMatchObject({ kind: "compileError" });
    expect(compiled.kind === "compileError" && compiled.detail).toContain(detail);
  });

  it.each([
    ["6", "int"],
    ["'yes'", "string"],
    ["object.spec.enabled", "dyn"],
  ])("finds %s is not bool but %s", (expression, got) => {
    expect(compileCondition(expression)).toMatchObject({ kind: "notBool", got });
  });

  it.each([
    ["authorizer.group('').resource('pods').check('get').allowed()", "the authorizer variable is not modelled"],
    ["object.?spec.orValue(1) == 1", "optional syntax"],
    ["request.options.kind == 'CreateOptions'", "AdmissionRequest.options is not modelled"],
    [
      "namespaceObject.metadata.creationTimestamp != null",
      "kubernetes.NamespaceMetadata.creationTimestamp is not modelled",
    ],
    ["object.spec.items.isSorted()", "the function isSorted"],
    ["[1.5, 2.5].min() == 1.5", "min on a list of double"],
    ["size(1) == 1", "size on int"],
    ["!'a'", "!_ on string"],
    ["true + true", "_+_ on bool"],
    ["request.name.startsWith(1)", "startsWith on int"],
    ["[1] < [2]", "_<_ on list"],
    ["request.name.find('[0-9]+') == '1'", "the function find"],
    ["1 == 1.0", "_==_ on int and double"],
    ["request.userInfo.groups == {}", "_==_ on list and map"],
    ["object.a.all(x, x.b.exists(y, y == 1))", "a comprehension inside a comprehension"],
    ["request.name.matches('(')", "does not compile"],
    ["true ? object.a : false", "cannot tell the expression's type"],
    ["int('x') == 3", "int() of a constant"],
    ["request.name < 'b'", "_<_ on strings"],
    ["object.a >= object.b", "_>=_ on strings"],
    ["int(1e30) == 1", "int() of a constant"],
    ["int(request.name) == 1", "int() of a string"],
    ["double(object.spec.ratio) == 1.5", "double() of a string"],
  ])("leaves %s outside the model", (expression, reason) => {
    const compiled = compileCondition(expression);
    expect(compiled).toMatchObject({ kind: "outside" });
    expect(compiled.kind === "outside" && compiled.reason).toContain(reason);
  });
});
