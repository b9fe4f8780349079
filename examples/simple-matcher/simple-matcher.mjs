#!/usr/bin/env node
// simple-matcher: a small, self-contained implementation of Kubernetes admission matching that
// speaks matchconform's line protocol v1 (JSON Lines on stdin/stdout).
//
// It answers, for Kubernetes 1.30-1.37, whether a MatchResources, a ValidatingAdmissionPolicy or
// MutatingAdmissionPolicy with its binding, or a validating/mutating webhook applies to an admission
// request. It receives subjects as a user writes them (input "manifest"), so it applies the API
// server's defaulting and validation itself. It is written from the upstream behaviour notes, one
// section per upstream file:
//
//   defaulting ............ k8s.io/kubernetes pkg/apis/admissionregistration/v1/defaults.go
//   validation ............ k8s.io/kubernetes pkg/apis/admissionregistration/validation/validation.go
//   label selectors ....... k8s.io/apimachinery pkg/apis/meta/v1/validation, pkg/labels
//   rules ................. k8s.io/apiserver pkg/admission/plugin/webhook/predicates/rules/rules.go
//   namespace selector .... k8s.io/apiserver .../webhook/predicates/namespace/matcher.go
//   object selector ....... k8s.io/apiserver .../webhook/predicates/object/matcher.go
//   MatchResources ........ k8s.io/apiserver pkg/admission/plugin/policy/matching/matching.go
//   policies .............. k8s.io/apiserver pkg/admission/plugin/policy/{generic,validating,mutating}
//   webhooks .............. k8s.io/apiserver pkg/admission/plugin/webhook/generic/webhook.go
//
// Usage:  node simple-matcher.mjs [--bug <name>[,<name>...]]      (or MATCHER_BUG=<name>,...)
//         node simple-matcher.mjs --list-bugs
//         node simple-matcher.mjs [--operations CREATE,UPDATE] [--subresources none|status,scale]
//                                 [--no-feature validation,defaulting,equivalent,exemptions,
//                                               missingNamespaces,customResources]
//         or in-process: its default export answers one protocol message (matchconform --module);
//         there only MATCHER_BUG selects a bug.
//
// The last three declare a reduced profile in ready.capabilities (docs/protocol-capabilities.md),
// as a matcher that models less than the API server would; a match message outside it is then
// answered `errored` ("sent outside my declared capabilities: …"), so that a runner leak shows.
//
// `--bug <name>` switches on one realistic bug (see BUGS below and examples/README.md), so that the
// suite can be seen catching it; `--bug a,b,c` switches on several at once, as a real matcher has
// them. Without it the matcher is meant to pass the whole corpus.
// Node 20, no dependencies.

import { realpathSync } from "node:fs";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const IMPLEMENTATION = { name: "simple-matcher", version: "0.1.0", language: "javascript" };
const SUBJECT_KINDS = [
  "MatchResources",
  "ValidatingAdmissionPolicy",
  "MutatingAdmissionPolicy",
  "ValidatingWebhook",
  "MutatingWebhook",
];
const MINORS = ["1.30", "1.31", "1.32", "1.33", "1.34", "1.35", "1.36", "1.37"];

// ---------------------------------------------------------------------------------------------
// Bug switches: each one is a mistake that real offline matchers make.

const BUGS = {
  "pods-star-excludes-main": "a resource entry x/* matches the subresources of x but not x itself",
  "star-matches-subresources": 'the resource entry "*" also matches subresources',
  "object-selector-new-only": "the objectSelector is evaluated on the new object only, never the old one",
  "omitted-matchpolicy-exact": "an omitted matchPolicy is taken as Exact instead of Equivalent",
  "namespace-object-stored-labels":
    "Namespace CREATE/UPDATE is matched on the stored namespace's labels instead of the new object's",
  "cluster-scoped-uses-namespace-selector":
    "the namespaceSelector is evaluated for cluster-scoped objects, as if their namespace had no labels",
  "exclude-ignores-equivalent": "excludeResourceRules are always matched Exact, even under Equivalent",
  "selector-error-always": "a missing namespace is an error even when the rules do not match or an exclude does",
  "missing-namespace-no-match": "a namespace that does not exist fails the namespaceSelector (noMatch) instead of 404",
  "resource-names-ignore-empty":
    'resourceNames never match a request whose name is "" (generateName, deletecollection)',
  "no-exemptions": "webhooks and policies exempt nothing (admission config kinds, policy resources, auth reviews)",
  "scope-namespaced-includes-namespace": "Namespace objects count as Namespaced, because their namespace is set",
  "empty-resource-rules-match-nothing": "a binding or MatchResources with resourceRules [] matches nothing",
  "no-binding-still-evaluated": "a policy without any binding is evaluated as if it had binding {}",
  "mutating-policy-handles-delete": "a MutatingAdmissionPolicy is dispatched for DELETE like a validating one",
  "config-error-respects-warn":
    "a configuration error under failurePolicy Fail is dropped (noMatch) when the binding only Warns or Audits",
  "validation-order-independent":
    'the wildcard checks on resources ignore order: ["pods","*"] and ["pods/status","pods/*"] are rejected too',
  "first-equivalent-by-registry":
    "the equivalent pass tries registry entries in the outer loop and rules in the inner, not rules first",
  "exact-pass-per-rule": "each rule is tried exactly and then through equivalents before the next rule is tried",
  "webhook-ignore-swallows-errors": "a webhook with failurePolicy Ignore turns selector errors (404, 500) into noMatch",
  "no-namespace-object-lookup":
    "a matched policy does not look up the request's namespace, so a missing one is no error",
};

const FEATURES = [
  "validation",
  "defaulting",
  "equivalent",
  "exemptions",
  "missingNamespaces",
  "customResources",
  "unboundPolicies",
];

/** The profile declared by --operations, --subresources and --no-feature, or undefined: everything. */
const declared = {};
const commaList = (value) => (value ?? "").split(",").filter((x) => x !== "");

function declare(flag, value) {
  const fail = (problem) => {
    process.stderr.write(`simple-matcher: ${flag} ${problem}\n`);
    process.exit(2);
  };
  if (flag === "--operations") {
    const ops = commaList(value);
    if (ops.some((o) => !["CREATE", "UPDATE", "DELETE", "CONNECT"].includes(o)))
      fail(`: unknown operation in ${value}`);
    declared.operations = ops;
  } else if (flag === "--subresources") {
    declared.subresources = value === "all" ? "all" : value === "none" ? [] : commaList(value);
  } else {
    const off = commaList(value);
    const unknown = off.find((f) => !FEATURES.includes(f));
    if (unknown !== undefined) fail(`: unknown feature ${unknown}; known: ${FEATURES.join(", ")}`);
    declared.features = { ...declared.features, ...Object.fromEntries(off.map((f) => [f, false])) };
  }
}

/** The bugs switched on: `--bug a,b,c` (or repeated `--bug`), or MATCHER_BUG=a,b,c. */
function chooseBugs(argv, env) {
  const names = [];
  const add = (list) =>
    names.push(
      ...String(list)
        .split(",")
        .map((n) => n.trim())
        .filter((n) => n !== ""),
    );
  if (env.MATCHER_BUG) add(env.MATCHER_BUG);
  for (let i = 0; i < argv.length; i++) {
    if (["--operations", "--subresources", "--no-feature"].includes(argv[i])) declare(argv[i], argv[++i]);
    else if (argv[i] === "--bug") add(argv[++i] ?? "");
    else if (argv[i].startsWith("--bug=")) add(argv[i].slice("--bug=".length));
    else if (argv[i] === "--list-bugs") {
      for (const [bugName, what] of Object.entries(BUGS)) process.stdout.write(`${bugName}\t${what}\n`);
      process.exit(0);
    } else {
      process.stderr.write(`simple-matcher: unknown argument ${argv[i]}\n`);
      process.exit(2);
    }
  }
  const unknown = names.filter((n) => !Object.hasOwn(BUGS, n));
  if (unknown.length > 0) {
    const problem = `unknown bug ${unknown.map((n) => `"${n}"`).join(", ")}; known: ${Object.keys(BUGS).join(", ")}`;
    if (!runAsProgram) throw new Error(problem);
    process.stderr.write(`simple-matcher: ${problem}\n`);
    process.exit(2);
  }
  return new Set(names);
}

/** Started as `node simple-matcher.mjs`, rather than imported as a module? */
const runAsProgram = process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
const activeBugs = chooseBugs(runAsProgram ? process.argv.slice(2) : [], process.env);
const bug = (name) => activeBugs.has(name);

// ---------------------------------------------------------------------------------------------
// Small helpers

const minorNumber = (version) => Number(String(version).split(".")[1]);
const hasOwn = (object, key) => object !== null && typeof object === "object" && Object.hasOwn(object, key);
const isObject = (x) => x !== null && typeof x === "object" && !Array.isArray(x);
const list = (x) => (Array.isArray(x) ? x : []);
const sameGVR = (a, b) => a.group === b.group && a.version === b.version && a.resource === b.resource;
/** schema.GroupVersionResource.String() */
const gvrString = (r) => `${r.group}/${r.version}, Resource=${r.resource}`;
/** schema.GroupResource.String() */
const groupResource = (r) => (r.group === "" ? r.resource : `${r.resource}.${r.group}`);

/** An error the request fails with: the HTTP code and the StatusError message. */
const statusError = (code, message) => ({ code, message });
const notFound = (resource, name) => statusError(404, `${resource} "${name}" not found`);
const internalError = (message) => statusError(500, `Internal error occurred: ${message}`);
/** A plain Go error (fmt.Errorf): a MatchResources subject reports it as 500. */
const plainError = (message) => statusError(500, message);

// ---------------------------------------------------------------------------------------------
// Decoding: a manifest's nulls as encoding/json (sigs.k8s.io/json) puts them into the Go types.
// A null pointer, list or map field is nil (as omitted); a null string field, list item or map
// value is ""; a null rule or expression in a list is the zero struct. validationActions: null is
// a given (nil) list, which the binding requires, not the omitted list format v1 fills with Deny.

const STRING_LISTS = ["operations", "apiGroups", "apiVersions", "resources", "resourceNames", "values"];
const STRUCT_LISTS = ["resourceRules", "excludeResourceRules", "rules", "matchExpressions"];
const STRING_FIELDS = ["key", "operator", "policyName"];

function decodeNulls(value, key) {
  if (Array.isArray(value)) {
    return value.map((v) => {
      if (v !== null) return decodeNulls(v);
      if (STRING_LISTS.includes(key)) return "";
      return STRUCT_LISTS.includes(key) ? {} : v;
    });
  }
  if (!isObject(value)) return value;
  const out = {};
  for (const [k, v] of Object.entries(value)) {
    if (v !== null) out[k] = k === "matchLabels" && isObject(v) ? decodeLabels(v) : decodeNulls(v, k);
    else if (STRING_FIELDS.includes(k)) out[k] = "";
    else if (k === "validationActions") out[k] = [];
  }
  return out;
}

const decodeLabels = (labels) => Object.fromEntries(Object.entries(labels).map(([k, v]) => [k, v ?? ""]));

// ---------------------------------------------------------------------------------------------
// Defaulting (admissionregistration.k8s.io/v1): what the API server stores for a manifest.

function defaultSelector(selector) {
  return isObject(selector) ? selector : {};
}

function defaultRule(rule) {
  const r = isObject(rule) ? rule : {};
  return { ...r, scope: r.scope ?? "*" };
}

function defaultMatchPolicy(matchPolicy) {
  return matchPolicy ?? (bug("omitted-matchpolicy-exact") ? "Exact" : "Equivalent");
}

/** SetDefaults_MatchResources: for a policy's matchConstraints and a binding's non-nil matchResources. */
function defaultMatchResources(mr) {
  return {
    ...mr,
    matchPolicy: defaultMatchPolicy(mr.matchPolicy),
    namespaceSelector: defaultSelector(mr.namespaceSelector),
    objectSelector: defaultSelector(mr.objectSelector),
    resourceRules: list(mr.resourceRules).map(defaultRule),
    excludeResourceRules: list(mr.excludeResourceRules).map(defaultRule),
  };
}

function defaultPolicy(policy) {
  const p = isObject(policy) ? policy : {};
  return {
    ...p,
    failurePolicy: p.failurePolicy ?? "Fail",
    matchConstraints: isObject(p.matchConstraints) ? defaultMatchResources(p.matchConstraints) : undefined,
  };
}

function defaultBinding(binding) {
  if (!isObject(binding)) return undefined; // no binding selects the policy
  return {
    ...binding,
    matchResources: isObject(binding.matchResources) ? defaultMatchResources(binding.matchResources) : undefined,
  };
}

function defaultWebhook(webhook) {
  const w = isObject(webhook) ? webhook : {};
  return {
    ...w,
    failurePolicy: w.failurePolicy ?? "Fail",
    matchPolicy: defaultMatchPolicy(w.matchPolicy),
    namespaceSelector: defaultSelector(w.namespaceSelector),
    objectSelector: defaultSelector(w.objectSelector),
    rules: list(w.rules).map(defaultRule),
  };
}

// ---------------------------------------------------------------------------------------------
// field.Error and its text, as k8s.io/apimachinery pkg/util/validation/field prints it.

const required = (field, detail = "") => ({ field, type: "Required value", detail });
const forbidden = (field, detail) => ({ field, type: "Forbidden", detail });
const invalid = (field, value, detail, goType) => ({ field, type: "Invalid value", value, detail, goType });
const duplicate = (field, value) => ({ field, type: "Duplicate value", value });
const notSupported = (field, value, supported) => ({
  field,
  type: "Unsupported value",
  value,
  detail: `supported values: ${[...supported]
    .sort()
    .map((s) => JSON.stringify(s))
    .join(", ")}`,
});

/** A bad value: %q for a string; a list in Go syntax (%#v) before 1.34 and as JSON from 1.34. */
function formatValue(value, goType, minor) {
  if (typeof value === "string") return JSON.stringify(value);
  if (Array.isArray(value)) {
    if (minor >= 34) return JSON.stringify(value);
    return `[]${goType ?? "string"}{${value.map((v) => JSON.stringify(String(v))).join(", ")}}`;
  }
  return String(value);
}

function formatFieldError(e, minor) {
  let body = e.type;
  if ("value" in e) body += `: ${formatValue(e.value, e.goType, minor)}`;
  if (e.detail) body += `: ${e.detail}`;
  return `${e.field}: ${body}`;
}

/** The message of the 422 the API server answers an invalid object with. */
function invalidMessage(objectKind, objectName, errors, minor) {
  const texts = errors.map((e) => formatFieldError(e, minor));
  const what = `${objectKind}.admissionregistration.k8s.io "${objectName}" is invalid`;
  return texts.length === 1 ? `${what}: ${texts[0]}` : `${what}: [${texts.join(", ")}]`;
}

// ---------------------------------------------------------------------------------------------
// Label key and value validation (apimachinery pkg/util/validation; content.IsLabelKey from 1.35).

const QUALIFIED_NAME_FMT = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]";
const QUALIFIED_NAME_MSG =
  "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const LABEL_VALUE_FMT = `(${QUALIFIED_NAME_FMT})?`;
const LABEL_VALUE_MSG =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const DNS1123_LABEL_FMT = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
const DNS1123_SUBDOMAIN_FMT = `${DNS1123_LABEL_FMT}(\\.${DNS1123_LABEL_FMT})*`;
const DNS1123_SUBDOMAIN_MSG =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";

const fullMatch = (fmt) => new RegExp(`^(?:${fmt})$`);
const QUALIFIED_NAME_RE = fullMatch(QUALIFIED_NAME_FMT);
const LABEL_VALUE_RE = fullMatch(LABEL_VALUE_FMT);
const DNS1123_SUBDOMAIN_RE = fullMatch(DNS1123_SUBDOMAIN_FMT);
const byteLength = (s) => Buffer.byteLength(s, "utf8");

/** validation.RegexError: note the two spaces before each " or ", as upstream prints them. */
function regexError(msg, fmt, ...examples) {
  if (examples.length === 0) return `${msg} (regex used for validation is '${fmt}')`;
  return `${msg} (e.g. ${examples.map((x) => `'${x}', `).join(" or ")}regex used for validation is '${fmt}')`;
}

const maxLenError = (n, minor) => `must be no more than ${n} ${minor >= 35 ? "bytes" : "characters"}`;

function dns1123SubdomainErrors(value, minor) {
  const errs = [];
  if (byteLength(value) > 253) errs.push(maxLenError(253, minor));
  if (!DNS1123_SUBDOMAIN_RE.test(value))
    errs.push(regexError(DNS1123_SUBDOMAIN_MSG, DNS1123_SUBDOMAIN_FMT, "example.com"));
  return errs;
}

/** IsQualifiedName (before 1.35) / content.IsLabelKey (from 1.35). */
function labelKeyErrors(key, minor) {
  const parts = key.split("/");
  const errs = [];
  let name;
  if (parts.length === 1) {
    name = parts[0];
  } else if (parts.length === 2) {
    const [prefix] = parts;
    name = parts[1];
    if (prefix.length === 0) errs.push("prefix part must be non-empty");
    else errs.push(...dns1123SubdomainErrors(prefix, minor).map((m) => `prefix part ${m}`));
  } else {
    const what = minor >= 35 ? "a valid label key" : "a qualified name";
    return [
      `${what} ${regexError(QUALIFIED_NAME_MSG, QUALIFIED_NAME_FMT, "MyName", "my.name", "123-abc")}` +
        " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
    ];
  }
  if (name.length === 0) errs.push("name part must be non-empty");
  else if (byteLength(name) > 63) errs.push(`name part ${maxLenError(63, minor)}`);
  if (!QUALIFIED_NAME_RE.test(name))
    errs.push(`name part ${regexError(QUALIFIED_NAME_MSG, QUALIFIED_NAME_FMT, "MyName", "my.name", "123-abc")}`);
  return errs;
}

function labelValueErrors(value, minor) {
  const errs = [];
  if (byteLength(value) > 63) errs.push(maxLenError(63, minor));
  if (!LABEL_VALUE_RE.test(value))
    errs.push(regexError(LABEL_VALUE_MSG, LABEL_VALUE_FMT, "MyValue", "my_value", "12345"));
  return errs;
}

/** metav1validation.ValidateLabelSelector (strict: invalid values are never allowed here). */
function validateLabelSelector(selector, path, minor) {
  const errs = [];
  const labelsPath = `${path}.matchLabels`;
  for (const [key, value] of Object.entries(selector.matchLabels ?? {})) {
    for (const m of labelKeyErrors(key, minor)) errs.push(invalid(labelsPath, key, m));
    for (const m of labelValueErrors(String(value), minor)) errs.push(invalid(labelsPath, String(value), m));
  }
  list(selector.matchExpressions).forEach((req, i) => {
    const at = `${path}.matchExpressions[${i}]`;
    const values = list(req.values);
    switch (req.operator) {
      case "In":
      case "NotIn":
        if (values.length === 0)
          errs.push(required(`${at}.values`, "must be specified when `operator` is 'In' or 'NotIn'"));
        break;
      case "Exists":
      case "DoesNotExist":
        if (values.length > 0)
          errs.push(forbidden(`${at}.values`, "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
        break;
      default:
        errs.push(invalid(`${at}.operator`, String(req.operator), "not a valid selector operator"));
    }
    for (const m of labelKeyErrors(String(req.key ?? ""), minor))
      errs.push(invalid(`${at}.key`, String(req.key ?? ""), m));
    values.forEach((v, j) => {
      for (const m of labelValueErrors(String(v), minor)) errs.push(invalid(`${at}.values[${j}]`, String(v), m));
    });
  });
  return errs;
}

// ---------------------------------------------------------------------------------------------
// Validation of rules, MatchResources, policies, bindings and webhooks.

const OPERATIONS = ["*", "CONNECT", "CREATE", "DELETE", "UPDATE"];
const MUTATING_OPERATIONS = ["*", "CONNECT", "CREATE", "UPDATE"];
const SCOPES = ["*", "Cluster", "Namespaced"];
const MATCH_POLICIES = ["Equivalent", "Exact"];
const FAILURE_POLICIES = ["Fail", "Ignore"];

/** "x/y" -> ["x", "y"], "x" -> ["x", ""]: split at the first slash, as rules.go splitResource does. */
function splitResource(entry) {
  const slash = entry.indexOf("/");
  return slash < 0 ? [entry, ""] : [entry.slice(0, slash), entry.slice(slash + 1)];
}

// validateResources. Upstream's wildcard checks are order-dependent: x/y is rejected only after an
// earlier x/* or */y, and "*" with a plain resource only when the last plain entry is not "*".
function validateResources(resources, path) {
  if (bug("validation-order-independent")) return validateResourcesOrderIndependent(resources, path);
  const errs = [];
  if (resources.length === 0) errs.push(required(path));
  const wildcardSubresourceOf = new Set(); // x for every x/* seen so far
  const wildcardResourceFor = new Set(); // y for every */y seen so far
  let hasDoubleWildcard = false;
  let hasSingleWildcard = false;
  let hasResourceWithoutSubresource = false;
  resources.forEach((resSub, i) => {
    if (resSub === "") {
      errs.push(required(`${path}[${i}]`));
      return;
    }
    if (resSub === "*/*") hasDoubleWildcard = true;
    if (resSub === "*") hasSingleWildcard = true;
    if (!resSub.includes("/")) {
      hasResourceWithoutSubresource = resSub !== "*"; // overwritten each time: ["pods", "*"] passes
      return;
    }
    const [res, sub] = splitResource(resSub);
    if (wildcardSubresourceOf.has(res))
      errs.push(invalid(`${path}[${i}]`, resSub, `if '${res}/*' is present, must not specify ${resSub}`));
    if (wildcardResourceFor.has(sub))
      errs.push(invalid(`${path}[${i}]`, resSub, `if '*/${sub}' is present, must not specify ${resSub}`));
    if (sub === "*") wildcardSubresourceOf.add(res);
    if (res === "*") wildcardResourceFor.add(sub);
  });
  if (resources.length > 1 && hasDoubleWildcard)
    errs.push(invalid(path, resources, "if '*/*' is present, must not specify other resources"));
  if (hasSingleWildcard && hasResourceWithoutSubresource)
    errs.push(invalid(path, resources, "if '*' is present, must not specify other resources without subresources"));
  return errs;
}

/** Bug "validation-order-independent": the same checks, read as rules over the whole list. */
function validateResourcesOrderIndependent(resources, path) {
  const errs = [];
  if (resources.length === 0) errs.push(required(path));
  resources.forEach((resSub, i) => {
    if (resSub === "") errs.push(required(`${path}[${i}]`));
    const [res, sub] = splitResource(resSub);
    if (sub === "" || sub === "*" || res === "*") return;
    if (resources.includes(`${res}/*`))
      errs.push(invalid(`${path}[${i}]`, resSub, `if '${res}/*' is present, must not specify ${resSub}`));
    if (resources.includes(`*/${sub}`))
      errs.push(invalid(`${path}[${i}]`, resSub, `if '*/${sub}' is present, must not specify ${resSub}`));
  });
  if (resources.length > 1 && resources.includes("*/*"))
    errs.push(invalid(path, resources, "if '*/*' is present, must not specify other resources"));
  if (resources.includes("*") && resources.some((r) => r !== "" && r !== "*" && !r.includes("/")))
    errs.push(invalid(path, resources, "if '*' is present, must not specify other resources without subresources"));
  return errs;
}

/** validateRuleWithOperations + validateRule */
function validateRule(rule, path) {
  const errs = [];
  const operations = list(rule.operations);
  const apiGroups = list(rule.apiGroups);
  const apiVersions = list(rule.apiVersions);
  if (operations.length === 0) errs.push(required(`${path}.operations`));
  if (operations.length > 1 && operations.includes("*"))
    errs.push(
      invalid(
        `${path}.operations`,
        operations,
        "if '*' is present, must not specify other operations",
        "admissionregistration.OperationType",
      ),
    );
  operations.forEach((op, i) => {
    if (!OPERATIONS.includes(op)) errs.push(notSupported(`${path}.operations[${i}]`, String(op), OPERATIONS));
  });
  if (apiGroups.length === 0) errs.push(required(`${path}.apiGroups`));
  if (apiGroups.length > 1 && apiGroups.includes("*"))
    errs.push(invalid(`${path}.apiGroups`, apiGroups, "if '*' is present, must not specify other API groups"));
  if (apiVersions.length === 0) errs.push(required(`${path}.apiVersions`));
  if (apiVersions.length > 1 && apiVersions.includes("*"))
    errs.push(invalid(`${path}.apiVersions`, apiVersions, "if '*' is present, must not specify other API versions"));
  apiVersions.forEach((v, i) => {
    if (v === "") errs.push(required(`${path}.apiVersions[${i}]`));
  });
  errs.push(...validateResources(list(rule.resources), `${path}.resources`));
  if (rule.scope !== undefined && rule.scope !== null && !SCOPES.includes(rule.scope))
    errs.push(notSupported(`${path}.scope`, String(rule.scope), SCOPES));
  return errs;
}

/** validateNamedRuleWithOperations: resourceNames are path segments; "" is allowed, duplicates are not. */
function validateNamedRule(rule, path) {
  const errs = [];
  const seen = new Set();
  list(rule.resourceNames).forEach((name, i) => {
    const at = `${path}.resourceNames[${i}]`;
    if (name === "." || name === "..") errs.push(invalid(at, name, `may not be '${name}'`));
    else
      for (const bad of ["/", "%"])
        if (String(name).includes(bad)) errs.push(invalid(at, name, `may not contain '${bad}'`));
    if (seen.has(name)) errs.push(duplicate(at, name));
    else seen.add(name);
  });
  errs.push(...validateRule(rule, path));
  return errs;
}

function validateMatchResources(mr, path, minor) {
  const errs = [];
  if (!MATCH_POLICIES.includes(mr.matchPolicy))
    errs.push(notSupported(`${path}.matchPolicy`, String(mr.matchPolicy), MATCH_POLICIES));
  errs.push(...validateLabelSelector(mr.namespaceSelector, `${path}.namespaceSelector`, minor));
  errs.push(...validateLabelSelector(mr.objectSelector, `${path}.objectSelector`, minor));
  for (const [i, r] of mr.resourceRules.entries()) errs.push(...validateNamedRule(r, `${path}.resourceRules[${i}]`));
  for (const [i, r] of mr.excludeResourceRules.entries())
    errs.push(...validateNamedRule(r, `${path}.excludeResourceRules[${i}]`));
  return errs;
}

/** A mutating policy or binding may not name DELETE in its resourceRules (excludes may). */
function validateNoDelete(mr, path) {
  const errs = [];
  for (const rule of mr.resourceRules)
    for (const op of list(rule.operations))
      if (op === "DELETE") errs.push(notSupported(`${path}.resourceRules.operations`, op, MUTATING_OPERATIONS));
  return errs;
}

/** The binding's matchResources path: upstream misspelt it spec.matchResouces before 1.32. */
const bindingPath = (mutating, minor) => (!mutating && minor < 32 ? "spec.matchResouces" : "spec.matchResources");

/** Returns the invalid message, or undefined when the subject would be accepted. */
function validateSubject(subject, d, minor) {
  switch (subject.kind) {
    case "MatchResources": {
      const errs = validateMatchResources(d.matchResources, bindingPath(false, minor), minor);
      return errs.length
        ? invalidMessage("ValidatingAdmissionPolicyBinding", "subject-binding", errs, minor)
        : undefined;
    }
    case "ValidatingAdmissionPolicy":
    case "MutatingAdmissionPolicy": {
      const mutating = subject.kind === "MutatingAdmissionPolicy";
      const messages = [];
      const policyErrs = [];
      if (!FAILURE_POLICIES.includes(d.policy.failurePolicy))
        policyErrs.push(notSupported("spec.failurePolicy", String(d.policy.failurePolicy), FAILURE_POLICIES));
      const mc = d.policy.matchConstraints;
      if (mc === undefined) {
        policyErrs.push(required("spec.matchConstraints"));
      } else {
        policyErrs.push(...validateMatchResources(mc, "spec.matchConstraints", minor));
        if (mc.resourceRules.length === 0) policyErrs.push(required("spec.matchConstraints.resourceRules"));
        if (mutating) policyErrs.push(...validateNoDelete(mc, "spec.matchConstraints"));
      }
      if (policyErrs.length) messages.push(invalidMessage(subject.kind, "subject-policy", policyErrs, minor));
      const mr = d.binding?.matchResources;
      const bindingErrs = [];
      // The binding's policyName names the subject's policy; when given: required, a DNS subdomain
      // (NameIsDNSSubdomain: util/validation, "characters" in every minor).
      const policyName = d.binding?.policyName;
      if (policyName === "") bindingErrs.push(required("spec.policyName"));
      else if (typeof policyName === "string") {
        if (new TextEncoder().encode(policyName).length > 253)
          bindingErrs.push(invalid("spec.policyName", policyName, "must be no more than 253 characters"));
        if (!DNS1123_SUBDOMAIN_RE.test(policyName))
          bindingErrs.push(
            invalid(
              "spec.policyName",
              policyName,
              regexError(DNS1123_SUBDOMAIN_MSG, DNS1123_SUBDOMAIN_FMT, "example.com"),
            ),
          );
      }
      if (mr !== undefined) {
        const path = bindingPath(mutating, minor);
        bindingErrs.push(...validateMatchResources(mr, path, minor));
        if (mutating) bindingErrs.push(...validateNoDelete(mr, path));
      }
      const actions = d.binding?.validationActions;
      if (!mutating && Array.isArray(actions)) {
        const known = ["Audit", "Deny", "Warn"];
        actions.forEach((a, i) => {
          if (!known.includes(a)) bindingErrs.push(notSupported(`spec.validationActions[${i}]`, String(a), known));
          if (actions.indexOf(a) !== i) bindingErrs.push(duplicate(`spec.validationActions[${i}]`, a));
        });
        if (actions.includes("Deny") && actions.includes("Warn"))
          bindingErrs.push(
            invalid(
              "spec.validationActions",
              actions,
              "must not contain both Deny and Warn",
              "admissionregistration.ValidationAction",
            ),
          );
        if (actions.length === 0) bindingErrs.push(required("spec.validationActions"));
      }
      if (bindingErrs.length)
        messages.push(invalidMessage(`${subject.kind}Binding`, "subject-binding", bindingErrs, minor));
      return messages.length ? messages.join("; ") : undefined;
    }
    case "ValidatingWebhook":
    case "MutatingWebhook": {
      const w = d.webhook;
      const errs = [];
      for (const [i, r] of w.rules.entries()) errs.push(...validateRule(r, `webhooks[0].rules[${i}]`));
      if (!FAILURE_POLICIES.includes(w.failurePolicy))
        errs.push(notSupported("webhooks[0].failurePolicy", String(w.failurePolicy), FAILURE_POLICIES));
      if (!MATCH_POLICIES.includes(w.matchPolicy))
        errs.push(notSupported("webhooks[0].matchPolicy", String(w.matchPolicy), MATCH_POLICIES));
      errs.push(...validateLabelSelector(w.namespaceSelector, "webhooks[0].namespaceSelector", minor));
      errs.push(...validateLabelSelector(w.objectSelector, "webhooks[0].objectSelector", minor));
      const configuration =
        subject.kind === "ValidatingWebhook" ? "ValidatingWebhookConfiguration" : "MutatingWebhookConfiguration";
      return errs.length ? invalidMessage(configuration, "subject-webhook", errs, minor) : undefined;
    }
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Label selectors: matching (apimachinery pkg/labels).

const selectorIsEmpty = (s) => Object.keys(s.matchLabels ?? {}).length === 0 && list(s.matchExpressions).length === 0;

function selectorMatches(selector, labels) {
  for (const [key, value] of Object.entries(selector.matchLabels ?? {}))
    if (!hasOwn(labels, key) || labels[key] !== String(value)) return false;
  for (const req of list(selector.matchExpressions)) {
    const present = hasOwn(labels, req.key);
    const values = list(req.values).map(String);
    const ok = {
      In: present && values.includes(labels[req.key]),
      NotIn: !present || !values.includes(labels[req.key]), // a missing key satisfies NotIn
      Exists: present,
      DoesNotExist: !present,
    }[req.operator];
    if (!ok) return false;
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// rules.Matcher (predicates/rules/rules.go): scope && operation && group && version && resource.

const NAMESPACES_GVR = { group: "", version: "v1", resource: "namespaces" };

function scopeMatches(scope, resource, namespace) {
  if (scope === undefined || scope === "*") return true;
  // The Namespace object is cluster-scoped, although its attributes carry namespace = its own name.
  const isNamespace = !bug("scope-namespaced-includes-namespace") && sameGVR(resource, NAMESPACES_GVR);
  if (scope === "Namespaced") return !isNamespace && namespace !== "";
  if (scope === "Cluster") return isNamespace || namespace === "";
  return false;
}

const exactOrWildcard = (items, value) => items.some((item) => item === "*" || item === value);

function resourceMatches(entries, resource, subResource) {
  for (const entry of entries) {
    const [res, sub] = splitResource(entry);
    if (bug("star-matches-subresources") && entry === "*") return true;
    if (bug("pods-star-excludes-main") && sub === "*" && res !== "*" && subResource === "") continue;
    // "x/*" matches x itself and every subresource of x; "*" matches main resources only.
    if ((res === "*" || res === resource) && (sub === "*" || sub === subResource)) return true;
  }
  return false;
}

/** Does the rule match the request, with its resource replaced by `resource` (the equivalent pass)? */
function ruleMatches(rule, attr, resource = attr.resource) {
  return (
    scopeMatches(rule.scope, resource, attr.namespace) &&
    exactOrWildcard(list(rule.operations), attr.operation) &&
    exactOrWildcard(list(rule.apiGroups), resource.group) &&
    exactOrWildcard(list(rule.apiVersions), resource.version) &&
    resourceMatches(list(rule.resources), resource.resource, attr.subResource)
  );
}

// ---------------------------------------------------------------------------------------------
// Namespace and object selectors (predicates/namespace/matcher.go, predicates/object/matcher.go).

/** GetNamespaceLabels: returns { labels } or { error }. */
function namespaceLabels(attr, cluster) {
  const namespaces = cluster.namespaces ?? {};
  const ownLabels =
    attr.resource.resource === "namespaces" &&
    attr.subResource === "" &&
    (attr.operation === "CREATE" || attr.operation === "UPDATE") &&
    !(bug("namespace-object-stored-labels") && attr.resource.group === "");
  if (ownLabels) {
    // A Namespace CREATE or UPDATE is matched on the new object's labels (not the old, not stored).
    if (!isObject(attr.object) || !isObject(attr.object.metadata))
      return { error: internalError("object does not implement the Object interfaces") };
    return { labels: attr.object.metadata.labels ?? {} };
  }
  const name = attr.namespace;
  // The lister misses "", and the live GET refuses an empty name.
  if (name === "") return { error: internalError("resource name may not be empty") };
  if (!hasOwn(namespaces, name)) {
    if (bug("missing-namespace-no-match")) return { labels: undefined };
    return { error: notFound("namespaces", name) };
  }
  return { labels: namespaces[name] ?? {} };
}

/** MatchNamespaceSelector: { ok, error? } */
function matchNamespaceSelector(selector, attr, cluster) {
  if (attr.namespace === "" && attr.resource.resource !== "namespaces") {
    // Cluster-scoped, not a namespace: always matches, the selector is not even parsed.
    if (bug("cluster-scoped-uses-namespace-selector")) return { ok: selectorMatches(selector, {}) };
    return { ok: true };
  }
  if (selectorIsEmpty(selector)) return { ok: true }; // {} looks nothing up
  const { labels, error } = namespaceLabels(attr, cluster);
  if (error) return { ok: false, error };
  if (labels === undefined) return { ok: false };
  return { ok: selectorMatches(selector, labels) };
}

/** An object without metadata (a CONNECT options object) has no labels and matches no selector. */
function objectMatches(object, selector) {
  if (!isObject(object) || !isObject(object.metadata)) return false;
  return selectorMatches(selector, object.metadata.labels ?? {});
}

/** MatchObjectSelector: the new object or the old one. */
function matchObjectSelector(selector, attr) {
  if (selectorIsEmpty(selector)) return { ok: true };
  if (bug("object-selector-new-only")) return { ok: objectMatches(attr.object, selector) };
  return { ok: objectMatches(attr.object, selector) || objectMatches(attr.oldObject, selector) };
}

// ---------------------------------------------------------------------------------------------
// MatchResources (policy/matching/matching.go).

const isEmptyKind = (k) => k.group === "" && k.version === "" && k.kind === "";
const namesMatch = (rule, name) => {
  const names = list(rule.resourceNames);
  if (names.length === 0) return true;
  if (bug("resource-names-ignore-empty") && name === "") return false;
  return names.includes(name);
};
const noMatch = { matched: false };

/**
 * matchesResourceRules: an exact pass over all rules, then (Equivalent) an equivalent pass with
 * rules outer and registry entries inner. Returns { matched, resource?, kind?, error? }.
 */
function matchesResourceRules(rules, matchPolicy, attr, equivalents, withNames = true) {
  const names = (rule) => !withNames || namesMatch(rule, attr.name);
  // undefined: go on; otherwise the answer, a match or an unknown-kind error, ends the search.
  const viaEquivalent = (rule, e) => {
    if (sameGVR(e.resource, attr.resource)) return undefined;
    if (!ruleMatches(rule, attr, e.resource)) return undefined;
    // The kind is looked up before the names are compared.
    if (isEmptyKind(e.kind))
      return { matched: false, error: plainError(`unable to convert to ${gvrString(e.resource)}: unknown kind`) };
    if (!names(rule)) return undefined;
    return { matched: true, resource: e.resource, kind: e.kind };
  };
  const exact = (rule) => ruleMatches(rule, attr) && names(rule);
  const equivalent = matchPolicy === "Equivalent";

  if (bug("exact-pass-per-rule")) {
    for (const rule of rules) {
      if (exact(rule)) return { matched: true, resource: attr.resource, kind: attr.kind };
      if (equivalent)
        for (const e of equivalents) {
          const hit = viaEquivalent(rule, e);
          if (hit) return hit;
        }
    }
    return noMatch;
  }
  for (const rule of rules) if (exact(rule)) return { matched: true, resource: attr.resource, kind: attr.kind };
  if (!equivalent) return noMatch;
  if (bug("first-equivalent-by-registry")) {
    for (const e of equivalents)
      for (const rule of rules) {
        const hit = viaEquivalent(rule, e);
        if (hit) return hit;
      }
    return noMatch;
  }
  for (const rule of rules)
    for (const e of equivalents) {
      const hit = viaEquivalent(rule, e);
      if (hit) return hit;
    }
  return noMatch;
}

/** Matcher.Matches: { matched, resource?, kind?, error? } */
function matchResources(mr, attr, cluster) {
  const equivalents = cluster.equivalentResources ?? [];
  const ns = matchNamespaceSelector(mr.namespaceSelector, attr, cluster);
  if (bug("selector-error-always") && ns.error) return { matched: false, error: ns.error };
  if (!ns.ok && !ns.error) return noMatch;
  const obj = matchObjectSelector(mr.objectSelector, attr);
  if (!obj.ok && !obj.error) return noMatch;

  const excludePolicy = bug("exclude-ignores-equivalent") ? "Exact" : mr.matchPolicy;
  const excluded = matchesResourceRules(mr.excludeResourceRules, excludePolicy, attr, equivalents);
  // An exclude wins, and drops any pending selector error.
  if (excluded.matched || excluded.error) return { matched: false, error: excluded.error };

  let included;
  if (mr.resourceRules.length === 0)
    included = bug("empty-resource-rules-match-nothing")
      ? noMatch
      : { matched: true, resource: attr.resource, kind: attr.kind }; // a binding's [] matches everything
  else included = matchesResourceRules(mr.resourceRules, mr.matchPolicy, attr, equivalents);
  if (included.error) return { matched: false, error: included.error };
  if (!included.matched) return noMatch; // selector errors are swallowed
  if (ns.error) return { matched: false, error: ns.error }; // ... and surface only now
  if (obj.error) return { matched: false, error: obj.error };
  return included;
}

// ---------------------------------------------------------------------------------------------
// Policies (policy/generic, policy/validating, policy/mutating).

/** Resources no ValidatingAdmissionPolicy or MutatingAdmissionPolicy ever sees (1.30+), by group and resource. */
const POLICY_EXEMPT = {
  "admissionregistration.k8s.io": [
    "validatingadmissionpolicies",
    "validatingadmissionpolicybindings",
    "mutatingadmissionpolicies",
    "mutatingadmissionpolicybindings",
  ],
  "authentication.k8s.io": ["selfsubjectreviews", "tokenreviews"],
  "authorization.k8s.io": [
    "localsubjectaccessreviews",
    "selfsubjectaccessreviews",
    "selfsubjectrulesreviews",
    "subjectaccessreviews",
  ],
};
const AUTH_REVIEWS = {
  "authentication.k8s.io": POLICY_EXEMPT["authentication.k8s.io"],
  "authorization.k8s.io": POLICY_EXEMPT["authorization.k8s.io"],
};
const inGroupResources = (table, r) => hasOwn(table, r.group) && table[r.group].includes(r.resource);

const match = (resource, kind) => ({ outcome: "match", matchedResource: resource, matchedKind: kind });
const NO_MATCH = { outcome: "noMatch" };
const failed = (error) => ({ outcome: "error", code: error.code, message: error.message });

/** admission.NewForbidden: `<resource> "<name>" is forbidden: <reason>`. */
function forbiddenMessage(attr, reason) {
  const gr = groupResource(attr.resource);
  return attr.name === ""
    ? `${gr} is forbidden: ${reason}`
    : `${gr} ${JSON.stringify(attr.name)} is forbidden: ${reason}`;
}

function decidePolicy(subject, d, attr, cluster) {
  const mutating = subject.kind === "MutatingAdmissionPolicy";
  const { policy, binding } = d;
  // A mutating policy handles CREATE, UPDATE and CONNECT only.
  if (mutating && attr.operation === "DELETE" && !bug("mutating-policy-handles-delete")) return NO_MATCH;
  if (inGroupResources(POLICY_EXEMPT, attr.resource) && !bug("no-exemptions")) return NO_MATCH;
  // Only policies that a binding selects are dispatched at all.
  const effectiveBinding = binding ?? (bug("no-binding-still-evaluated") ? {} : undefined);
  if (effectiveBinding === undefined) return NO_MATCH;

  // A configuration error applies the policy's failurePolicy and ignores the binding's validationActions.
  const configError = (level, error) => {
    if (policy.failurePolicy === "Ignore") return NO_MATCH;
    const actions = list(effectiveBinding.validationActions);
    if (bug("config-error-respects-warn") && actions.length > 0 && !actions.includes("Deny")) return NO_MATCH;
    const what = `failed to configure ${level}: ${error.message}`;
    let reason;
    if (mutating)
      reason =
        level === "policy"
          ? `policy "subject-policy" denied request: ${what}`
          : `policy 'subject-policy' with binding 'subject-binding' denied request: ${what}`;
    else
      reason =
        level === "policy"
          ? `ValidatingAdmissionPolicy 'subject-policy' denied request: ${what}`
          : `ValidatingAdmissionPolicy 'subject-policy' with binding 'subject-binding' denied request: ${what}`;
    // Reason Invalid: 422 for a validating policy; a mutating policy keeps 403.
    return { outcome: "error", code: mutating ? 403 : 422, message: forbiddenMessage(attr, reason) };
  };

  const definition = matchResources(policy.matchConstraints, attr, cluster);
  if (definition.error) return configError("policy", definition.error);
  if (!definition.matched) return NO_MATCH;
  if (effectiveBinding.matchResources !== undefined) {
    // The binding's own matched resource and kind are discarded: the policy's are reported.
    const b = matchResources(effectiveBinding.matchResources, attr, cluster);
    if (b.error) return configError("binding", b.error);
    if (!b.matched) return NO_MATCH;
  }
  // The namespaceObject lookup: a missing namespace fails the request, whatever the failurePolicy.
  const isNamespaceKind = attr.kind.group === "" && attr.kind.version === "v1" && attr.kind.kind === "Namespace";
  const nsName = isNamespaceKind ? "" : attr.namespace;
  if (nsName !== "" && !hasOwn(cluster.namespaces ?? {}, nsName) && !bug("no-namespace-object-lookup"))
    return failed(notFound("namespaces", nsName));
  return match(definition.resource, definition.kind);
}

// ---------------------------------------------------------------------------------------------
// Webhooks (webhook/generic/webhook.go ShouldCallHook).

function webhookExemptKind(kind, minor) {
  if (kind.group !== "admissionregistration.k8s.io") return false;
  const kinds = [
    "ValidatingWebhookConfiguration",
    "MutatingWebhookConfiguration",
    "ValidatingAdmissionPolicy",
    "ValidatingAdmissionPolicyBinding",
  ];
  if (minor >= 32) kinds.push("MutatingAdmissionPolicy", "MutatingAdmissionPolicyBinding");
  return kinds.includes(kind.kind);
}

function decideWebhook(d, attr, cluster, minor) {
  const hook = d.webhook;
  if (!bug("no-exemptions")) {
    // 1.37: ExcludeAdmissionWebhookVirtualResources (beta, on) skips the auth reviews by resource.
    if (minor >= 37 && inGroupResources(AUTH_REVIEWS, attr.resource)) return NO_MATCH;
    // Every minor: the admission configuration kinds, by kind and any version.
    if (webhookExemptKind(attr.kind, minor)) return NO_MATCH;
  }
  const swallow = bug("webhook-ignore-swallows-errors") && hook.failurePolicy === "Ignore";
  const fail = (error) => (swallow ? NO_MATCH : failed(error));

  const ns = matchNamespaceSelector(hook.namespaceSelector, attr, cluster);
  if (bug("selector-error-always") && ns.error) return fail(ns.error);
  if (!ns.ok && !ns.error) return NO_MATCH;
  const obj = matchObjectSelector(hook.objectSelector, attr);
  if (!obj.ok && !obj.error) return NO_MATCH;

  // Webhooks have neither resourceNames nor excludes; rules [] never match.
  const hit = matchesResourceRules(hook.rules, hook.matchPolicy, attr, cluster.equivalentResources ?? [], false);
  if (hit.error) return fail(internalError(hit.error.message));
  if (!hit.matched) return NO_MATCH; // swallows selector errors
  if (ns.error) return fail(ns.error); // returned as is: failurePolicy only governs calling the webhook
  if (obj.error) return fail(obj.error);
  return match(hit.resource, hit.kind);
}

// ---------------------------------------------------------------------------------------------
// One match message -> one answer.

function defaultSubject(manifest) {
  const subject = decodeNulls(manifest);
  switch (subject.kind) {
    case "MatchResources":
      return { matchResources: defaultMatchResources(isObject(subject.matchResources) ? subject.matchResources : {}) };
    case "ValidatingAdmissionPolicy":
    case "MutatingAdmissionPolicy":
      return { policy: defaultPolicy(subject.policy), binding: defaultBinding(subject.binding) };
    case "ValidatingWebhook":
    case "MutatingWebhook":
      return { webhook: defaultWebhook(subject.webhook) };
  }
  return undefined;
}

/** The subject with its defaults, in the shape it was sent in. */
function storedForm(subject, d) {
  switch (subject.kind) {
    case "MatchResources":
      return { kind: subject.kind, matchResources: d.matchResources };
    case "ValidatingAdmissionPolicy":
    case "MutatingAdmissionPolicy":
      return { kind: subject.kind, policy: d.policy, ...(d.binding && { binding: d.binding }) };
    default:
      return { kind: subject.kind, webhook: d.webhook };
  }
}

function decide(message) {
  if (typeof message.kubernetesVersion !== "string" || !isObject(message.subject) || !isObject(message.request))
    return { errored: { message: "a match message needs kubernetesVersion, subject and request" } };
  const minor = minorNumber(message.kubernetesVersion);
  const subject = message.subject;
  if (!MINORS.includes(message.kubernetesVersion))
    return { skipped: { message: `Kubernetes ${message.kubernetesVersion} is not supported` } };
  if (subject.kind === "MutatingAdmissionPolicy" && minor < 32)
    return { skipped: { message: "MutatingAdmissionPolicy is served from Kubernetes 1.32" } };
  const d = defaultSubject(subject);
  if (d === undefined) return { errored: { message: `unknown subject kind ${JSON.stringify(subject.kind)}` } };

  const problem = validateSubject(subject, d, minor);
  if (Object.keys(declared).length > 0) {
    const outside = outsideDeclared(message, { stored: storedForm(subject, d) }, problem !== undefined);
    if (outside !== undefined) return { errored: { message: `sent outside my declared capabilities: ${outside}` } };
  }
  if (problem !== undefined) return { outcome: "invalid", message: problem };

  const r = message.request;
  const attr = {
    operation: r.operation,
    resource: r.resource,
    subResource: r.subResource ?? "",
    kind: r.kind,
    namespace: r.namespace ?? "",
    name: r.name ?? "",
    object: r.object ?? null,
    oldObject: r.oldObject ?? null,
  };
  const cluster = message.cluster ?? {};
  // Validating admission runs after the registry generated the name of a generateName create
  // (k8s.io/apiserver registry/rest/create.go AdmissionToValidateObjectFunc); mutating admission
  // and the bare MatchResources see "". The generated name is random: "<prefix>/…" equals no
  // resourceNames entry, as no entry may contain "/".
  const validating = subject.kind === "ValidatingAdmissionPolicy" || subject.kind === "ValidatingWebhook";
  const generateName = attr.object?.metadata?.generateName;
  if (
    validating &&
    attr.operation === "CREATE" &&
    attr.name === "" &&
    attr.subResource === "" &&
    typeof generateName === "string" &&
    !attr.object?.metadata?.name
  ) {
    attr.name = `${generateName}/generated`;
    // The namespace strategy's Canonicalize labels it with its name before validating admission.
    const isNamespace =
      attr.resource.group === "" && attr.resource.version === "v1" && attr.resource.resource === "namespaces";
    if (isNamespace) {
      const metadata = attr.object.metadata;
      const labels = { ...(metadata.labels ?? {}), "kubernetes.io/metadata.name": attr.name };
      attr.object = { ...attr.object, metadata: { ...metadata, labels } };
    }
  }
  switch (subject.kind) {
    case "MatchResources": {
      const result = matchResources(d.matchResources, attr, cluster);
      if (result.error) return failed(result.error);
      return result.matched ? match(result.resource, result.kind) : NO_MATCH;
    }
    case "ValidatingAdmissionPolicy":
    case "MutatingAdmissionPolicy":
      return decidePolicy(subject, d, attr, cluster);
    default:
      return decideWebhook(d, attr, cluster, minor);
  }
}

// ---------------------------------------------------------------------------------------------
// Line protocol v1: one JSON object per line each way; answers may be written in any order.

const READY = {
  ready: true,
  version: 1,
  implementation: IMPLEMENTATION,
  subjects: SUBJECT_KINDS,
  input: "manifest",
  kubernetesVersions: MINORS,
  ...(Object.keys(declared).length > 0 && { capabilities: declared }),
};

// ---------------------------------------------------------------------------------------------
// The declared profile: what arrives outside it is the runner's fault, reported as errored.

const featureOff = (f) => declared.features?.[f] === false;
const BUILTIN_GROUP = (group) => group === "" || !group.includes(".") || group.endsWith(".k8s.io");
const EXEMPT_GROUPS = ["admissionregistration.k8s.io", "authentication.k8s.io", "authorization.k8s.io"];

/** Every matchPolicy as sent: under the declared profile without defaulting, none may be omitted. */
function sentMatchPolicies(subject) {
  switch (subject.kind) {
    case "MatchResources":
      return [subject.matchResources?.matchPolicy];
    case "ValidatingAdmissionPolicy":
    case "MutatingAdmissionPolicy":
      if (!isObject(subject.binding)) return [];
      return [
        subject.policy?.matchConstraints?.matchPolicy,
        ...(isObject(subject.binding.matchResources) ? [subject.binding.matchResources.matchPolicy] : []),
      ];
    default:
      return [subject.webhook?.matchPolicy];
  }
}

/** Why a match message lies outside the declared profile, or undefined. */
function outsideDeclared(message, d, invalid) {
  const r = message.request;
  const sub = r.subResource ?? "";
  const ns = r.namespace ?? "";
  if (declared.operations && !declared.operations.includes(r.operation)) return `operation ${r.operation}`;
  if (sub !== "" && Array.isArray(declared.subresources) && !declared.subresources.includes(sub))
    return `subresource ${sub}`;
  if (featureOff("customResources") && !BUILTIN_GROUP(r.resource.group)) return `custom resource ${r.resource.group}`;
  const policy =
    message.subject.kind === "ValidatingAdmissionPolicy" || message.subject.kind === "MutatingAdmissionPolicy";
  if (featureOff("unboundPolicies") && policy && !message.subject.binding) return "a policy without a binding";
  if (featureOff("exemptions") && EXEMPT_GROUPS.includes(r.resource.group))
    return `exempt resource ${r.resource.resource}`;
  const ownCreate =
    r.resource.resource === "namespaces" && r.resource.group === "" && sub === "" && r.operation === "CREATE";
  if (featureOff("missingNamespaces") && ns !== "" && !ownCreate && !hasOwn(message.cluster?.namespaces ?? {}, ns))
    return `missing namespace ${ns}`;
  if (featureOff("validation") && invalid) return "an invalid subject";
  const policies = sentMatchPolicies(message.subject);
  if (featureOff("defaulting") && policies.includes(undefined)) return "a subject with an omitted matchPolicy";
  const own = r.resource;
  const others = list(message.cluster?.equivalentResources).some(
    (e) => e.resource.group !== own.group || e.resource.version !== own.version || e.resource.resource !== own.resource,
  );
  const equivalent = sentMatchPolicies(d.stored).some((p) => p !== "Exact");
  if (featureOff("equivalent") && !invalid && others && equivalent) return "a request that the Equivalent pass decides";
  return undefined;
}

/** Answers one protocol message: the ready message, an answer, or undefined (stop, unknown). */
export default function handle(message) {
  switch (message?.cmd) {
    case "start":
      if (message.version !== 1)
        process.stderr.write(`simple-matcher: protocol version ${message.version} asked, 1 spoken\n`);
      for (const name of activeBugs) process.stderr.write(`simple-matcher: bug "${name}" is switched on\n`);
      return READY;
    case "match":
      try {
        return { seq: message.seq, ...decide(message) };
      } catch (e) {
        return { seq: message.seq, errored: { message: String(e?.message ?? e), detail: String(e?.stack ?? "") } };
      }
    case "stop":
      return undefined;
    default:
      process.stderr.write(`simple-matcher: unknown command ${JSON.stringify(message?.cmd)}\n`);
      return undefined;
  }
}

/** The stdin/stdout loop: one line in, at most one line out, each written at once. */
function serve() {
  const lines = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
  let stopped = false;
  const stop = () => {
    stopped = true;
    lines.close();
    process.stdin.destroy(); // nothing left to wait for: Node exits once stdout is written
  };
  process.stdout.on("error", () => process.exit(0)); // the runner went away (EPIPE)
  lines.on("close", stop); // EOF
  lines.on("line", (line) => {
    if (stopped || line.trim() === "") return; // lines read in the same chunk as stop are dropped
    let message;
    try {
      message = JSON.parse(line);
    } catch (e) {
      process.stderr.write(`simple-matcher: not JSON: ${e.message}\n`);
      return;
    }
    if (message?.cmd === "stop") return stop();
    const answer = handle(message);
    // On Linux, writes to a pipe are synchronous, so each line is flushed as it is written.
    if (answer !== undefined) process.stdout.write(`${JSON.stringify(answer)}\n`);
  });
}

if (runAsProgram) serve();
