// k8s.io/apimachinery pkg/util/validation/field: errors with a field path, printed as upstream prints them.

export interface FieldError {
  readonly field: string;
  readonly body: string;
}

/** `${field}: ${body}` as field.Error.Error() prints it. */
export function printFieldError(e: FieldError): string {
  return `${e.field}: ${e.body}`;
}

/** utilerrors.NewAggregate(...).Error(): one message, or "[a, b]" for several. */
export function printFieldErrors(errors: readonly FieldError[]): string {
  const messages = errors.map(printFieldError);
  return messages.length === 1 ? (messages[0] ?? "") : `[${messages.join(", ")}]`;
}

// field.ErrorBody: strings are %q-quoted, other values JSON-encoded.
function value(v: unknown): string {
  return JSON.stringify(v);
}

const withDetail = (s: string, detail: string) => (detail === "" ? s : `${s}: ${detail}`);

export const required = (field: string, detail = ""): FieldError => ({
  field,
  body: withDetail("Required value", detail),
});
export const forbidden = (field: string, detail: string): FieldError => ({
  field,
  body: withDetail("Forbidden", detail),
});
export const invalid = (field: string, v: unknown, detail: string): FieldError => ({
  field,
  body: withDetail(`Invalid value: ${value(v)}`, detail),
});
export const duplicate = (field: string, v: unknown): FieldError => ({ field, body: `Duplicate value: ${value(v)}` });
export const notSupported = (field: string, v: unknown, valid: readonly string[]): FieldError => ({
  field,
  body: withDetail(`Unsupported value: ${value(v)}`, `supported values: ${valid.map((s) => value(s)).join(", ")}`),
});
