// k8s.io/apimachinery pkg/util/validation/field: errors with a field path, printed as upstream
// prints them at each minor.
import type { Minor } from "../contract/versions.ts";
import { atLeast } from "../contract/versions.ts";

type ErrorType =
  | "Required value"
  | "Forbidden"
  | "Invalid value"
  | "Duplicate value"
  | "Unsupported value"
  | "Too many";

/** A bad value, with the Go type of a list (printed with %#v before 1.34). */
export interface BadValue {
  readonly value: string | number | readonly string[];
  readonly goListType?: string;
}

export interface FieldError {
  readonly field: string;
  readonly type: ErrorType;
  readonly bad?: BadValue;
  readonly detail: string;
}

/** field.Error.Error(): `${field}: ${ErrorBody()}`. */
export function printFieldError(e: FieldError, minor: Minor): string {
  let body: string = e.type;
  if (e.bad !== undefined) body += `: ${printValue(e.bad, minor)}`;
  if (e.detail !== "") body += `: ${e.detail}`;
  return `${e.field}: ${body}`;
}

/** utilerrors.NewAggregate(...).Error(): one message, or "[a, b]" for several. */
export function printFieldErrors(errors: readonly FieldError[], minor: Minor): string {
  const messages = errors.map((e) => printFieldError(e, minor));
  return messages.length === 1 ? (messages[0] ?? "") : `[${messages.join(", ")}]`;
}

// ErrorBody: strings %q; other values JSON from 1.34 (e172d59e... field/errors.go), %#v before.
function printValue(bad: BadValue, minor: Minor): string {
  if (typeof bad.value === "string") return JSON.stringify(bad.value);
  if (typeof bad.value === "number") return String(bad.value);
  if (atLeast(minor, 34)) return JSON.stringify(bad.value);
  return `[]${bad.goListType ?? "string"}{${bad.value.map((v) => JSON.stringify(v)).join(", ")}}`;
}

export const required = (field: string, detail = ""): FieldError => ({ field, type: "Required value", detail });
export const forbidden = (field: string, detail: string): FieldError => ({ field, type: "Forbidden", detail });
export const invalid = (field: string, value: BadValue["value"], detail: string, goListType?: string): FieldError => ({
  field,
  type: "Invalid value",
  bad: goListType === undefined ? { value } : { value, goListType },
  detail,
});
export const duplicate = (field: string, value: string): FieldError => ({
  field,
  type: "Duplicate value",
  bad: { value },
  detail: "",
});
export const notSupported = (field: string, value: string, valid: readonly string[]): FieldError => ({
  field,
  type: "Unsupported value",
  bad: { value },
  detail: `supported values: ${valid.map((s) => JSON.stringify(s)).join(", ")}`,
});

/** field.TooMany(path, actual, max): "Too many: 65: must have at most 64 items". */
export const tooMany = (field: string, actual: number, max: number): FieldError => ({
  field,
  type: "Too many",
  bad: { value: actual },
  detail: `must have at most ${max} items`,
});
