// k8s.io/kubernetes pkg/apis/admissionregistration/validation/validation.go validateParamKind and
// validateParamRef, the same in 1.30-1.37 (1.35 moved IsPathSegmentName, wording unchanged).
import type { ParamKind, ParamRef } from "../contract/kube.ts";
import type { Minor } from "../contract/versions.ts";
import type { FieldError } from "./fieldErrors.ts";
import { forbidden, invalid, notSupported, required } from "./fieldErrors.ts";
import { nameIsDNSSubdomain, pathSegmentNameErrors, validateLabelSelector } from "./labelValidation.ts";
import type { Trace } from "./trace.ts";

const dns1035Fmt = "[a-z]([-a-z0-9]*[a-z0-9])?";
const dns1035Message =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character";

/** k8s.io/apimachinery pkg/util/validation IsDNS1035Label ("characters" in every minor). */
function dns1035LabelErrors(value: string): string[] {
  const errs: string[] = [];
  if (new TextEncoder().encode(value).length > 63) errs.push("must be no more than 63 characters");
  if (!new RegExp(`^${dns1035Fmt}$`).test(value))
    errs.push(`${dns1035Message} (e.g. 'my-name',  or 'abc-123', regex used for validation is '${dns1035Fmt}')`);
  return errs;
}

// validateParamKind: the apiVersion as the APIService's group and version, the kind as a DNS-1035 label in any case.
export function validateParamKind(kind: ParamKind, trace: Trace): FieldError[] {
  const errs: FieldError[] = [];
  const path = "spec.paramKind";
  const apiVersion = kind.apiVersion ?? "";
  if (apiVersion === "") errs.push(required(`${path}.apiVersion`));
  else if (apiVersion.split("/").length > 2)
    errs.push(invalid(`${path}.apiVersion`, apiVersion, `unexpected GroupVersion string: ${apiVersion}`));
  else {
    // parseGroupVersion: "/" is the empty group and version.
    const [group, version] =
      apiVersion === "/" ? ["", ""] : apiVersion.includes("/") ? apiVersion.split("/") : ["", apiVersion];
    if (group) {
      const bad = nameIsDNSSubdomain(group);
      if (bad.length > 0) errs.push(invalid(`${path}.apiVersion`, group, bad.join(",")));
    }
    if (!version) errs.push(invalid(`${path}.apiVersion`, apiVersion, "version must be specified"));
    else {
      const bad = dns1035LabelErrors(version);
      if (bad.length > 0) errs.push(invalid(`${path}.apiVersion`, version, bad.join(",")));
    }
  }
  const k = kind.kind ?? "";
  if (k === "") errs.push(required(`${path}.kind`));
  else {
    const bad = dns1035LabelErrors(k.toLowerCase());
    if (bad.length > 0)
      errs.push(invalid(`${path}.kind`, k, `may have mixed case, but should otherwise match: ${bad.join(",")}`));
  }
  if (errs.length > 0) trace.take("validation.paramKindInvalid");
  return errs;
}

// validateParamRef: a path segment name or a selector, not both, not neither; parameterNotFoundAction
// required (v1alpha1 defaults it, oracles/model/defaulting.ts) and Deny or Allow.
export function validateParamRef(ref: ParamRef, minor: Minor, trace: Trace): FieldError[] {
  const errs: FieldError[] = [];
  const path = "spec.paramRef";
  const name = ref.name ?? "";
  const exclusive = "name and selector are mutually exclusive";
  if (name !== "") {
    for (const m of pathSegmentNameErrors(name)) errs.push(invalid(`${path}.name`, name, m));
    if (ref.selector !== undefined) errs.push(forbidden(`${path}.name`, exclusive));
  }
  if (ref.selector !== undefined) {
    errs.push(...validateLabelSelector(ref.selector, `${path}.selector`, minor, trace));
    if (name !== "") errs.push(forbidden(`${path}.selector`, exclusive));
  }
  if (name === "" && ref.selector === undefined) errs.push(required(path, "one of name or selector must be specified"));
  const action = ref.parameterNotFoundAction ?? "";
  if (action === "") errs.push(required(`${path}.parameterNotFoundAction`));
  else if (action !== "Deny" && action !== "Allow")
    errs.push(notSupported(`${path}.parameterNotFoundAction`, action, ["Deny", "Allow"]));
  if (errs.length > 0) trace.take("validation.paramRefInvalid");
  return errs;
}
