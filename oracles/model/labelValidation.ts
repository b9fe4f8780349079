// k8s.io/apimachinery pkg/api/validate/content/kube.go IsLabelKey (IsQualifiedName before 1.35),
// IsLabelValue, dns.go IsDNS1123Subdomain, path.go IsPathSegmentName, and pkg/apis/meta/v1/validation ValidateLabelSelector.
import type { LabelSelector } from "../contract/kube.ts";
import type { Minor } from "../contract/versions.ts";
import { atLeast } from "../contract/versions.ts";
import type { FieldError } from "./fieldErrors.ts";
import { forbidden, invalid, required } from "./fieldErrors.ts";
import type { Trace } from "./trace.ts";

const keyFmt = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]";
const keyRegexp = new RegExp(`^${keyFmt}$`);
const keyErrMsg =
  "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const valueFmt = `(${keyFmt})?`;
const valueRegexp = new RegExp(`^${valueFmt}$`);
const valueErrMsg =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const dnsLabelFmt = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
const dnsSubdomainFmt = `${dnsLabelFmt}(\\.${dnsLabelFmt})*`;
const dnsSubdomainRegexp = new RegExp(`^${dnsSubdomainFmt}$`);
const dnsSubdomainErrMsg =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";

function regexError(msg: string, re: string, ...examples: string[]): string {
  // content/errors.go RegexError: "', " after each example and " or " before the next.
  return `${msg} (e.g. ${examples.map((e) => `'${e}', `).join(" or ")}regex used for validation is '${re}')`;
}

/** MaxLenError: "characters" until 1.35 moved these checks to content (da7b67ed), "bytes" since. */
function maxLenError(length: number, minor: Minor): string {
  return `must be no more than ${length} ${atLeast(minor, 35) ? "bytes" : "characters"}`;
}

function isDNS1123Subdomain(value: string, minor: Minor): string[] {
  const errs: string[] = [];
  if (value.length > 253) errs.push(maxLenError(253, minor));
  if (!dnsSubdomainRegexp.test(value)) errs.push(regexError(dnsSubdomainErrMsg, dnsSubdomainFmt, "example.com"));
  return errs;
}

/**
 * apimachinery pkg/api/validation/generic.go NameIsDNSSubdomain -> pkg/util/validation
 * IsDNS1123Subdomain, whose MaxLenError says "characters" in every minor 1.30-1.37 (Go's len: bytes).
 */
export function nameIsDNSSubdomain(value: string): string[] {
  const errs: string[] = [];
  // UTF-8 spends at most 3 bytes on a UTF-16 unit: a name of 84 units or fewer is within 253 bytes.
  if (value.length > 84 && new TextEncoder().encode(value).length > 253)
    errs.push("must be no more than 253 characters");
  if (!dnsSubdomainRegexp.test(value)) errs.push(regexError(dnsSubdomainErrMsg, dnsSubdomainFmt, "example.com"));
  return errs;
}

// What the checks below answer for a valid key or value, shared: most keys and values are valid,
// and a decision checks every one of its selectors'. Never changed: callers only read it.
const valid: readonly string[] = Object.freeze([]);

/** IsLabelKey; before 1.35 the key with several "/" is called "a qualified name". */
export function labelKeyErrors(key: string, minor: Minor): readonly string[] {
  if (isValidLabelKey(key)) return valid;
  const parts = key.split("/");
  const errs: string[] = [];
  if (parts.length > 2) {
    const noun = atLeast(minor, 35) ? "a valid label key" : "a qualified name";
    return [
      `${noun} ${regexError(keyErrMsg, keyFmt, "MyName", "my.name", "123-abc")} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`,
    ];
  }
  const name = parts.length === 2 ? (parts[1] ?? "") : key;
  if (parts.length === 2) {
    const prefix = parts[0] ?? "";
    if (prefix === "") errs.push("prefix part must be non-empty");
    else errs.push(...isDNS1123Subdomain(prefix, minor).map((m) => `prefix part ${m}`));
  }
  if (name === "") errs.push("name part must be non-empty");
  else if (name.length > 63) errs.push(`name part ${maxLenError(63, minor)}`);
  if (!keyRegexp.test(name)) errs.push(`name part ${regexError(keyErrMsg, keyFmt, "MyName", "my.name", "123-abc")}`);
  return errs;
}

/** labelKeyErrors(key) is empty: an optional prefix, a DNS subdomain, then a name of at most 63. */
function isValidLabelKey(key: string): boolean {
  const slash = key.indexOf("/");
  if (slash < 0) return key.length <= 63 && keyRegexp.test(key);
  if (key.indexOf("/", slash + 1) >= 0) return false;
  const prefix = key.slice(0, slash);
  const name = key.slice(slash + 1);
  return prefix.length <= 253 && dnsSubdomainRegexp.test(prefix) && name.length <= 63 && keyRegexp.test(name);
}

export function labelValueErrors(value: string, minor: Minor): readonly string[] {
  if (value.length <= 63 && valueRegexp.test(value)) return valid;
  const errs: string[] = [];
  if (value.length > 63) errs.push(maxLenError(63, minor));
  if (!valueRegexp.test(value)) errs.push(regexError(valueErrMsg, valueFmt, "MyValue", "my_value", "12345"));
  return errs;
}

/** ValidateLabelSelector with strict options (no unknown operators, no invalid values). */
export function validateLabelSelector(selector: LabelSelector, path: string, minor: Minor, trace: Trace): FieldError[] {
  const errs: FieldError[] = [];
  validateLabelSelectorInto(errs, selector, path, minor, trace);
  return errs;
}

/**
 * validateLabelSelector appending to `errs`. A field's path is written only for an error: a
 * decision validates every selector of its subject, and nearly all of them are valid.
 */
export function validateLabelSelectorInto(
  errs: FieldError[],
  selector: LabelSelector,
  path: string,
  minor: Minor,
  trace: Trace,
): void {
  const matchLabels = selector.matchLabels;
  if (matchLabels !== undefined) {
    for (const k in matchLabels) {
      if (!Object.hasOwn(matchLabels, k)) continue;
      const keyErrors = labelKeyErrors(k, minor);
      if (keyErrors.length > 0) keyErrorsInto(errs, keyErrors, k, `${path}.matchLabels`, trace);
      const value = matchLabels[k] as string;
      const valueErrors = labelValueErrors(value, minor);
      if (valueErrors.length > 0) valueErrorsInto(errs, valueErrors, value, `${path}.matchLabels`, trace);
    }
  }
  const expressions = selector.matchExpressions ?? none;
  for (let i = 0; i < expressions.length; i++) {
    const e = expressions[i] as (typeof expressions)[number];
    const values = e.values ?? none;
    if (e.operator === "In" || e.operator === "NotIn") {
      if (values.length === 0) {
        trace.take("validation.selectorValuesRequired");
        errs.push(
          required(`${path}.matchExpressions[${i}].values`, "must be specified when `operator` is 'In' or 'NotIn'"),
        );
      }
    } else if (e.operator === "Exists" || e.operator === "DoesNotExist") {
      if (values.length > 0) {
        trace.take("validation.selectorValuesForbidden");
        errs.push(
          forbidden(
            `${path}.matchExpressions[${i}].values`,
            "may not be specified when `operator` is 'Exists' or 'DoesNotExist'",
          ),
        );
      }
    } else {
      trace.take("validation.selectorOperatorInvalid");
      errs.push(invalid(`${path}.matchExpressions[${i}].operator`, e.operator, "not a valid selector operator"));
    }
    const keyErrors = labelKeyErrors(e.key, minor);
    if (keyErrors.length > 0) keyErrorsInto(errs, keyErrors, e.key, `${path}.matchExpressions[${i}].key`, trace);
    for (let j = 0; j < values.length; j++) {
      const value = values[j] as string;
      const valueErrors = labelValueErrors(value, minor);
      if (valueErrors.length > 0)
        valueErrorsInto(errs, valueErrors, value, `${path}.matchExpressions[${i}].values[${j}]`, trace);
    }
  }
}

const none: readonly never[] = [];

// Module-level, not closures: a closure made on every call is also named on every call where the
// code runs through tsx (esbuild's keepNames), which cost validation a seventh of its time.
function keyErrorsInto(errs: FieldError[], messages: readonly string[], key: string, field: string, trace: Trace) {
  for (const m of messages) {
    trace.take("validation.selectorKeyInvalid");
    errs.push(invalid(field, key, m));
  }
}

function valueErrorsInto(errs: FieldError[], messages: readonly string[], value: string, field: string, trace: Trace) {
  for (const m of messages) {
    trace.take("validation.selectorValueInvalid");
    errs.push(invalid(field, value, m));
  }
}

// k8s.io/apimachinery pkg/api/validate/content/path.go IsPathSegmentName
export function pathSegmentNameErrors(name: string): readonly string[] {
  if (name === "." || name === "..") return [`may not be '${name}'`];
  if (!name.includes("/") && !name.includes("%")) return valid;
  return ["/", "%"].filter((c) => name.includes(c)).map((c) => `may not contain '${c}'`);
}
