// Applies suites/cases/case-file.schema.json and turns Ajv's errors into CaseFileErrors.
import { Ajv, type ErrorObject } from "ajv";
import schema from "../cases/case-file.schema.json" with { type: "json" };
import { CaseFileError } from "./caseFileError.ts";

const ajv = new Ajv({ allErrors: false, strict: false });
const validate = ajv.compile(schema);

export function checkCaseFileSchema(file: string, data: unknown): void {
  if (validate(data)) return;
  const error = mostSpecific(validate.errors ?? []);
  if (error === undefined) throw new CaseFileError(file, "does not match the case file schema");
  throw toCaseFileError(file, data, error);
}

// With oneOf/if-then the deepest error says the most.
function mostSpecific(errors: readonly ErrorObject[]): ErrorObject | undefined {
  return [...errors].sort((a, b) => depth(b.instancePath) - depth(a.instancePath))[0];
}

const depth = (path: string) => path.split("/").length;

function toCaseFileError(file: string, data: unknown, error: ErrorObject): CaseFileError {
  const segments = error.instancePath.split("/").slice(1).map(unescapePointer);
  const [index, ...rest] = segments;
  const caseDescription = describeCase(data, index);
  const field = fieldPath(rest);
  const extra = (error.params as { additionalProperty?: string }).additionalProperty;
  let problem = error.message ?? "is not valid";
  if (extra === "matchConditions")
    problem = "matchConditions belong to a policy or webhook; a bare MatchResources subject has none";
  else if (extra !== undefined) problem = `unknown field "${extra}"`;
  else if (error.keyword === "enum") {
    const allowed = (error.params as { allowedValues?: unknown[] }).allowedValues ?? [];
    problem = `${JSON.stringify(valueAt(data, segments))} is not one of ${allowed.map((v) => JSON.stringify(v)).join(", ")}`;
  } else if (error.keyword === "oneOf" && rest.at(-1) === "expected") {
    problem = "expected must be match, noMatch, invalid, or {outcome: match|noMatch|error|invalid, ...}";
  }
  return new CaseFileError(file, problem, {
    ...(caseDescription !== undefined && { caseDescription }),
    field: index === undefined ? "" : field,
  });
}

function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, "/").replace(/~0/g, "~");
}

function describeCase(data: unknown, index: string | undefined): string | undefined {
  if (index === undefined || !Array.isArray(data)) return undefined;
  const c: unknown = data[Number(index)];
  const d = typeof c === "object" && c !== null ? (c as { description?: unknown }).description : undefined;
  return typeof d === "string" ? d : `#${Number(index) + 1}`;
}

/** ["tests", "0", "request", "kind"] -> "tests[0].request.kind" */
export function fieldPath(segments: readonly string[]): string {
  return segments.reduce((path, s) => (/^\d+$/.test(s) ? `${path}[${s}]` : path === "" ? s : `${path}.${s}`), "");
}

function valueAt(data: unknown, segments: readonly string[]): unknown {
  let v: unknown = data;
  for (const s of segments) v = typeof v === "object" && v !== null ? (v as Record<string, unknown>)[s] : undefined;
  return v;
}
