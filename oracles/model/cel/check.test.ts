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

  // The messages as the upstream oracle gives them at 1.37 (cel-go common/error.go ToDisplayString).
  it.each([
    [
      "params.enabled == true",
      "ERROR: <input>:1:1: undeclared reference to 'params' (in container '')\n | params.enabled == true\n | ^",
    ],
    ["request.uid == ''", "ERROR: <input>:1:8: undefined field 'uid'\n | request.uid == ''\n | .......^"],
    ["request.userInfo.name == 'a'", "ERROR: <input>:1:17: undefined field 'name'"],
    ["objects.metadata.name == 'a'", "ERROR: <input>:1:1: undeclared reference to 'objects' (in container '')"],
    [
      "1 == 'a'",
      "ERROR: <input>:1:3: found no matching overload for '_==_' applied to '(int, string)'\n | 1 == 'a'\n | ..^",
    ],
    ["request.name == null", "ERROR: <input>:1:14: found no matching overload for '_==_' applied to '(string, null)'"],
    ["1 == 1.0", "ERROR: <input>:1:3: found no matching overload for '_==_' applied to '(int, double)'"],
    ["size(1) == 1", "ERROR: <input>:1:5: found no matching overload for 'size' applied to '(int)'"],
    ["1.size() == 1", "ERROR: <input>:1:7: found no matching overload for 'size' applied to 'int.()'"],
    ["!'a'", "ERROR: <input>:1:1: found no matching overload for '!_' applied to '(string)'"],
    ["true + true", "ERROR: <input>:1:6: found no matching overload for '_+_' applied to '(bool, bool)'"],
    [
      "request.name.startsWith(1)",
      "ERROR: <input>:1:24: found no matching overload for 'startsWith' applied to 'string.(int)'",
    ],
    ["1 && true", "ERROR: <input>:1:1: expected type 'bool' but found 'int'"],
    ["1 ? true : false", "ERROR: <input>:1:3: found no matching overload for '_?_:_' applied to '(int, bool, bool)'"],
    [
      "(true ? 1 : 'a') == 1",
      "ERROR: <input>:1:7: found no matching overload for '_?_:_' applied to '(bool, int, string)'",
    ],
    ["[1].all(x, x.foo)", "ERROR: <input>:1:13: type 'int' does not support field selection"],
    ["1.all(x, x)", "ERROR: <input>:1:1: expression of type 'int' cannot be range of a comprehension"],
    ["1 < 'a'", "ERROR: <input>:1:3: found no matching overload for '_<_' applied to '(int, string)'"],
    [
      "request.userInfo.groups == {}",
      "ERROR: <input>:1:25: found no matching overload for '_==_' applied to '(list(string), map(dyn, dyn))'",
    ],
    ["[1, 'a'] == 1", "ERROR: <input>:1:10: found no matching overload for '_==_' applied to '(list(dyn), int)'"],
    [
      "{'a': 1} == 1",
      "ERROR: <input>:1:10: found no matching overload for '_==_' applied to '(map(string, int), int)'",
    ],
    [
      "request.foo == 1 && request.bar == 2",
      "ERROR: <input>:1:8: undefined field 'foo'\n | request.foo == 1 && request.bar == 2\n | .......^\nERROR: <input>:1:28: undefined field 'bar'",
    ],
    [
      "request.name == 'é' && request.nam == 'x'",
      "ERROR: <input>:1:31: undefined field 'nam'\n | request.name == 'é' && request.nam == 'x'\n | .................\uff0e............^",
    ],
  ])("rejects %s with cel-go's message", (expression, detail) => {
    const compiled = compileCondition(expression);
    expect(compiled).toMatchObject({ kind: "compileError", exact: true });
    expect(compiled.kind === "compileError" && compiled.detail).toContain(`compilation failed: ${detail}`);
  });

  it.each([
    // cel-go's parser words and places syntax errors its own way.
    ["object.x in [1, 2,", "compilation failed: ERROR: <input>: a syntax error"],
    // A nested literal's or a second issue's types the model names less surely than cel-go.
    ["[[1]] == 1", "found no matching overload for '_==_'"],
    ["request.foo.startsWith(1)", "undefined field 'foo'"],
    // A part outside the model may hold more issues.
    ["request.foo == 1 || request.name.find('x') == 'x'", "undefined field 'foo'"],
  ])("rejects %s without claiming cel-go's words", (expression, detail) => {
    const compiled = compileCondition(expression);
    expect(compiled).toMatchObject({ kind: "compileError", exact: false });
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
    ["[1] < [2]", "_<_ on list"],
    ["request.name.find('[0-9]+') == '1'", "the function find"],
    ["object.a.all(x, x.b.exists(y, y == 1))", "a comprehension inside a comprehension"],
    ["request.name.matches('(')", "does not compile"],
    ["1 < 1.5", "_<_ on int and double"],
    ["int == 1", "the identifier int"],
    ["kubernetes.x == 1", "the identifier kubernetes"],
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
