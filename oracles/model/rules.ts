// k8s.io/apiserver pkg/admission/plugin/webhook/predicates/rules/rules.go Matcher.Matches:
// scope && operation && group && version && resource, in that order.

import type { RuleWithOperations } from "../contract/kube.ts";
import type { Attributes } from "./attributes.ts";
import { namespacesGVR, sameGVR } from "./attributes.ts";
import type { ClauseName } from "./clauses.ts";
import type { Trace } from "./trace.ts";

export function ruleMatches(rule: RuleWithOperations, attr: Attributes, trace: Trace): boolean {
  return (
    scope(rule, attr, trace) &&
    operation(rule, attr, trace) &&
    group(rule, attr, trace) &&
    version(rule, attr, trace) &&
    resource(rule, attr, trace)
  );
}

// rules.go scope(): only the namespace and the exact core/v1 namespaces GVR decide.
function scope(rule: RuleWithOperations, attr: Attributes, trace: Trace): boolean {
  const isNamespace = sameGVR(attr.resource, namespacesGVR);
  switch (rule.scope ?? "*") {
    case "*":
      trace.take("rules.scope.all");
      return true;
    case "Namespaced":
      if (isNamespace) trace.take("rules.scope.namespacedExcludesNamespaceObject");
      else if (attr.namespace === "") trace.take("rules.scope.namespacedExcludesClusterScoped");
      else trace.take("rules.scope.namespacedMatches");
      return !isNamespace && attr.namespace !== "";
    case "Cluster":
      if (isNamespace) trace.take("rules.scope.clusterIncludesNamespaceObject");
      else if (attr.namespace === "") trace.take("rules.scope.clusterMatches");
      else trace.take("rules.scope.clusterExcludesNamespaced");
      return isNamespace || attr.namespace === "";
    default:
      return false; // unreachable through the API: validation allows only the three scopes
  }
}

// rules.go operation()
function operation(rule: RuleWithOperations, attr: Attributes, trace: Trace): boolean {
  return exactOrWildcard(rule.operations ?? none, attr.operation, operationClauses, trace);
}

// rules.go group()
function group(rule: RuleWithOperations, attr: Attributes, trace: Trace): boolean {
  return exactOrWildcard(rule.apiGroups ?? none, attr.resource.group, groupClauses, trace);
}

// rules.go version()
function version(rule: RuleWithOperations, attr: Attributes, trace: Trace): boolean {
  return exactOrWildcard(rule.apiVersions ?? none, attr.resource.version, versionClauses, trace);
}

interface FieldClauses {
  readonly exact: ClauseName;
  readonly wildcard: ClauseName;
  readonly miss: ClauseName;
}

// Literals, not `${field}.exact`: a name put together at every rule of every decision is a new
// string, which the trace then hashes.
const operationClauses: FieldClauses = {
  exact: "rules.operation.exact",
  wildcard: "rules.operation.wildcard",
  miss: "rules.operation.miss",
};
const groupClauses: FieldClauses = {
  exact: "rules.group.exact",
  wildcard: "rules.group.wildcard",
  miss: "rules.group.miss",
};
const versionClauses: FieldClauses = {
  exact: "rules.version.exact",
  wildcard: "rules.version.wildcard",
  miss: "rules.version.miss",
};

const none: readonly never[] = [];

function exactOrWildcard(items: readonly string[], value: string, clauses: FieldClauses, trace: Trace): boolean {
  if (items.includes(value)) {
    trace.take(clauses.exact);
    return true;
  }
  if (items.includes("*")) {
    trace.take(clauses.wildcard);
    return true;
  }
  trace.take(clauses.miss);
  return false;
}

/** rules.go splitResource: "a/b/c" gives ("a", "b/c"); "pods/" gives ("pods", ""). */
export function splitResource(entry: string): readonly [string, string] {
  const slash = entry.indexOf("/");
  return slash < 0 ? [entry, ""] : [entry.slice(0, slash), entry.slice(slash + 1)];
}

// rules.go resource(): `x/*` matches x itself (sub "") and every subresource of x.
function resource(rule: RuleWithOperations, attr: Attributes, trace: Trace): boolean {
  const opRes = attr.resource.resource;
  const opSub = attr.subResource;
  for (const entry of rule.resources ?? none) {
    const [res, sub] = splitResource(entry);
    if ((res === "*" || res === opRes) && (sub === "*" || sub === opSub)) {
      trace.take(resourceClause(res, sub, opSub));
      return true;
    }
  }
  trace.take(opSub === "" ? "rules.resource.miss" : "rules.resource.subresourceMiss");
  return false;
}

function resourceClause(res: string, sub: string, opSub: string): ClauseName {
  if (res === "*" && sub === "*") return "rules.resource.allWithSubresources";
  if (sub === "*")
    return opSub === "" ? "rules.resource.subresourceWildcardMatchesMain" : "rules.resource.subresourceWildcard";
  if (res === "*") return sub === "" ? "rules.resource.wildcardMainOnly" : "rules.resource.anyResourceSubresource";
  return sub === "" ? "rules.resource.exact" : "rules.resource.exactSubresource";
}
