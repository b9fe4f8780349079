import fc from "fast-check";
import type { AdmissionRequest, MatchCondition } from "../oracles/contract/kube.ts";
import { labelKeys, labelValues, namespaceNames, objectNames } from "./vocabulary.ts";

/**
 * matchConditions drawn from a small grammar over what the request carries, so that they come
 * out true, false, erring (a missing key) or invalid, as cel-go decides them:
 *
 *   condition := user | namespace | name | label | operation | constant | erring | invalid
 *   user      := "request.userInfo.username.startsWith('system:')" | "'<group>' in request.userInfo.groups"
 *   namespace := "request.namespace == '<ns>'"              (errs for a cluster-scoped request)
 *   name      := "request.name.startsWith('<name>')"        (errs for a request without a name)
 *   label     := "object.metadata.labels['<key>'] == '<value>'"  (errs on a missing key or object)
 *   operation := "request.operation == '<op>'"
 *   constant  := "true" | "false"
 *   erring    := "object.spec.absent == 1" | "request.userInfo.uid.startsWith('uid-')"  (errs without a uid)
 *   invalid   := "6" | "params.enabled == true" | "request.uid == ''"   (the subject is invalid)
 */
export interface MatchConditionsConstraints {
  /** How often a drawn condition is one API validation rejects (default 0.05). */
  readonly invalidRate?: number;
}

export function matchConditions(
  request: AdmissionRequest,
  constraints: MatchConditionsConstraints = {},
): fc.Arbitrary<MatchCondition[]> {
  const invalidWeight = Math.round((constraints.invalidRate ?? 0.05) * 100);
  const expression = fc.oneof(
    { arbitrary: validExpression(request), weight: 100 - invalidWeight },
    { arbitrary: fc.constantFrom("6", "params.enabled == true", "request.uid == ''"), weight: invalidWeight },
  );
  return fc
    .array(expression, { minLength: 1, maxLength: 3 })
    .map((expressions) => expressions.map((e, i) => ({ name: `condition-${i}`, expression: e })));
}

function validExpression(request: AdmissionRequest): fc.Arbitrary<string> {
  const ownName = request.name ?? "";
  return fc.oneof(
    fc.constant("request.userInfo.username.startsWith('system:')"),
    fc
      .constantFrom("system:authenticated", "system:serviceaccounts", "dev")
      .map((g) => `'${g}' in request.userInfo.groups`),
    fc.constantFrom(...namespaceNames, request.namespace ?? "prod").map((ns) => `request.namespace == '${ns}'`),
    fc
      .constantFrom(...objectNames, ownName === "" ? "web" : ownName.slice(0, 2))
      .map((n) => `request.name.startsWith('${n}')`),
    fc
      .record({ key: fc.constantFrom(...labelKeys), value: fc.constantFrom(...labelValues) })
      .map(({ key, value }) => `object.metadata.labels['${key}'] == '${value}'`),
    fc.constantFrom("CREATE", "UPDATE", request.operation).map((op) => `request.operation == '${op}'`),
    fc.constantFrom("true", "false"),
    fc.constantFrom("object.spec.absent == 1", "request.userInfo.uid.startsWith('uid-')"),
  );
}
